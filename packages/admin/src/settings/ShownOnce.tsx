/** A secret shown once (an API key, a one-time password), with a copy button. */
import { ActionIcon, Alert, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export function ShownOnce(props: { label: string; value: string; note: string }) {
  return (
    <Alert color="teal" title={props.label}>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all', fontSize: 14 }}>{props.value}</Code>
        <CopyButton value={props.value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`Copy ${props.label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <div style={{ marginTop: 8, fontSize: 'var(--mantine-font-size-sm)' }}>{props.note}</div>
    </Alert>
  );
}
