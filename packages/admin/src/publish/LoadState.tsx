/**
 * A publishing list's loading and error states: a skeleton while it loads, the server's reason
 * when it fails.
 */
import { Alert, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

export interface LoadStateProps {
  query: UseQueryResult<unknown>;
  /** What the list holds, for 'The … could not be loaded'. */
  what: string;
  height?: number;
}

export function LoadState({ query, what, height = 160 }: LoadStateProps) {
  if (query.isLoading) return <Skeleton h={height} />;
  if (query.isError)
    return (
      <Alert color="red" title={`The ${what} could not be loaded`}>
        {query.error.message}
      </Alert>
    );
  return null;
}
