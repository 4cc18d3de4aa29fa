/** A template's own settings (§3 Template): name, type, layout, widget settings, child rules. */
import { MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { WIDGET_TYPES } from '@canopy/core';
import { inputKey, TEMPLATE_FOLDER_TYPE, type SettingsDraft, type TemplateDraft } from './draft';
import type { TemplateType } from '../api';
import type { WidgetOption } from './FieldDefinitionForm';

export interface SettingsFormProps {
  settings: SettingsDraft;
  readOnly: boolean;
  templateTypes: readonly TemplateType[];
  widgets: readonly WidgetOption[];
  errorOf: (key: string) => string | null;
  touch: (key: string) => void;
  update: (recipe: (draft: TemplateDraft) => void) => void;
}

const list = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

export function TemplateSettingsForm(props: SettingsFormProps) {
  const { settings, readOnly, errorOf, touch, update } = props;
  const isFolder = settings.template_type_id === TEMPLATE_FOLDER_TYPE;
  const makesContent = props.templateTypes.some(
    (type) => type.template_type_id === settings.template_type_id && type.content_type_id,
  );
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    touch(inputKey.setting(key));
    update((draft) => {
      draft.settings[key] = value;
      // Only a Container Widget names a container item (the server refuses it otherwise).
      if (key === 'widget_type' && value !== 'Container Widget') {
        draft.settings.container_item_child_reference = null;
      }
    });
  };
  const common = (key: keyof SettingsDraft) => {
    const id = inputKey.setting(key);
    return { id, readOnly, error: errorOf(id), onBlur: () => touch(id) };
  };
  const text = (key: 'template_name' | 'file_layout' | 'custom_icon_class', label: string) => (
    <TextInput
      {...common(key)}
      label={label}
      required={key === 'template_name'}
      value={settings[key] ?? ''}
      onChange={(event) => set(key, event.currentTarget.value)}
    />
  );
  const typeChoices = props.templateTypes.map((type) => ({
    value: type.template_type_id,
    label: type.template_type_name,
  }));
  const contentTypes = [
    ...new Set(props.templateTypes.flatMap((type) => type.content_type_id ?? [])),
  ];

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
      {text('template_name', 'Template name')}
      <Select
        {...common('template_type_id')}
        label="Template type"
        data={typeChoices}
        value={settings.template_type_id}
        allowDeselect={false}
        disabled={readOnly}
        onChange={(value) => value && set('template_type_id', value)}
      />
      {!isFolder && text('file_layout', 'File layout')}
      {text('custom_icon_class', 'Custom icon class')}
      {!isFolder && (
        <Select
          {...common('widget_type')}
          label="Widget type"
          placeholder="Not a widget"
          data={[...WIDGET_TYPES]}
          value={settings.widget_type}
          clearable
          disabled={readOnly}
          onChange={(value) => set('widget_type', value)}
        />
      )}
      {!isFolder && (
        <Select
          {...common('container_item_child_reference')}
          label="Container item"
          description="The Container Item Widget a Container Widget creates two of"
          placeholder={
            settings.widget_type === 'Container Widget' ? 'Choose one' : 'Container Widgets only'
          }
          data={props.widgets
            .filter((widget) => widget.widget_type === 'Container Item Widget')
            .map((widget) => ({ value: widget.template_id, label: widget.template_name }))}
          value={settings.container_item_child_reference}
          clearable
          disabled={readOnly || settings.widget_type !== 'Container Widget'}
          onChange={(value) => set('container_item_child_reference', value)}
        />
      )}
      {!isFolder && (
        <NumberInput
          {...common('childLevelsNeeded')}
          label="Child levels needed"
          description="Levels of children the site loads with a page"
          min={0}
          max={20}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={settings.childLevelsNeeded}
          onChange={(value) => set('childLevelsNeeded', typeof value === 'number' ? value : 0)}
        />
      )}
      {makesContent && (
        <MultiSelect
          {...common('allowed_content_type')}
          label="Allowed child content types"
          description="None chosen allows any type under content of this template"
          data={[...new Set([...contentTypes, ...list(settings.allowed_content_type)])]}
          value={list(settings.allowed_content_type)}
          disabled={readOnly}
          onChange={(values) => set('allowed_content_type', values.join(','))}
        />
      )}
      {isFolder && (
        <MultiSelect
          {...common('allowed_template_type')}
          label="Allowed template types"
          description="None chosen allows any type in this folder"
          data={typeChoices}
          value={list(settings.allowed_template_type)}
          disabled={readOnly}
          onChange={(values) => set('allowed_template_type', values.join(','))}
        />
      )}
    </SimpleGrid>
  );
}
