/**
 * Short Text, Long Text and Read Only (§2 Field editors). Text is capped at 4,000 characters
 * (§5, §9): the counter shows how much is used and a longer value is refused with core's message
 * instead of being cut silently.
 */
import { Text, TextInput, Textarea } from '@mantine/core';
import { TEXT_FIELD_MAX_LENGTH } from '@canopy/core';
import type { FieldEditorProps, FieldKind } from '../draft';

const count = new Intl.NumberFormat('en-US');

/** 'Characters: 12 / 4,000'; shown red past the cap. */
export function CharacterCounter({ length, id }: { length: number; id?: string }) {
  const over = length > TEXT_FIELD_MAX_LENGTH;
  return (
    <Text id={id} size="xs" c={over ? 'red' : 'dimmed'} ta="right" mt={2} aria-live="polite">
      {count.format(length)} / {count.format(TEXT_FIELD_MAX_LENGTH)} characters
    </Text>
  );
}

/** What every text input of a field shows: label, help text, required mark, error, focus. */
export function textInputProps(props: FieldEditorProps) {
  return {
    id: props.inputId,
    label: props.label,
    description: props.description,
    withAsterisk: props.required,
    value: props.value,
    onBlur: props.onBlur,
    error: props.error,
  };
}

/** Short Text shows its counter once a value gets near the cap. */
const SHORT_TEXT_COUNTER_FROM = 3_000;

function ShortTextEditor(props: FieldEditorProps) {
  const counterId = `${props.inputId}-count`;
  const showCounter = props.value.length >= SHORT_TEXT_COUNTER_FROM;
  return (
    <div>
      <TextInput
        {...textInputProps(props)}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        readOnly={props.readOnly}
        aria-describedby={showCounter ? counterId : undefined}
        ref={props.focusRef as React.Ref<HTMLInputElement>}
      />
      {showCounter && <CharacterCounter id={counterId} length={props.value.length} />}
    </div>
  );
}

function LongTextEditor(props: FieldEditorProps) {
  const counterId = `${props.inputId}-count`;
  return (
    <div>
      <Textarea
        {...textInputProps(props)}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        readOnly={props.readOnly}
        autosize
        minRows={3}
        maxRows={12}
        aria-describedby={counterId}
        ref={props.focusRef as React.Ref<HTMLTextAreaElement>}
      />
      <CharacterCounter id={counterId} length={props.value.length} />
    </div>
  );
}

/** Read Only: shown, never edited here (its value is set by the system or the template). */
function ReadOnlyEditor(props: FieldEditorProps) {
  return (
    <TextInput
      {...textInputProps(props)}
      placeholder="(empty)"
      readOnly
      variant="filled"
      ref={props.focusRef as React.Ref<HTMLInputElement>}
    />
  );
}

export const shortTextKind: FieldKind = { Editor: ShortTextEditor };
export const longTextKind: FieldKind = { Editor: LongTextEditor };
export const readOnlyKind: FieldKind = { Editor: ReadOnlyEditor };
