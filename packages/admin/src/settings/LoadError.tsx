/** A list that could not be loaded: what, and the server's reason. */
import { Alert } from '@mantine/core';
import { errorMessage } from '@canopy/client';

export function LoadError(props: { what: string; error: unknown }) {
  return (
    <Alert color="red" title={`${props.what} could not be loaded`}>
      {errorMessage(props.error, 'The server could not be reached.')}
    </Alert>
  );
}
