/** Why the shown version cannot be edited, from core's refusal of an edit (§4, §6). */
import { Alert, Text } from '@mantine/core';
import { PUBLISHED, STAGED, type Refusal } from '@canopy/core';

export function ReadOnlyNote({ refused, version }: { refused: Refusal; version: number }) {
  let text: string;
  if (refused.status === PUBLISHED) {
    text = `Version ${version} is published and never changes. Lock it to create a new draft from it.`;
  } else if (refused.status === STAGED) {
    text = `Version ${version} is staged. Use Back to Draft to edit it again.`;
  } else if (refused.code === 'CONTENT_LOCKED') {
    text = `${refused.reason}: you can read this draft but not change it.`;
  } else {
    text = 'Lock the content to edit it.';
  }
  return (
    <Alert variant="light" color="gray" mt="md" p="xs">
      <Text size="sm">{text}</Text>
    </Alert>
  );
}
