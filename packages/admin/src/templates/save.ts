/**
 * A template Save: the writes of a SavePlan, one call each (§7 Templates), in an order the
 * server's rules allow (a name is freed before another row takes it). The template's own PUT
 * goes first with the updated_date that was loaded, so a stale save changes nothing (409).
 * Then PUT /api/templates/updatedinfo/{id} stamps the template (§8's updated toasts).
 */
import { errorMessage, type ApiError } from '@canopy/client';
import { FIELD_TYPES, isFieldType, type FieldType } from '@canopy/core';
import { api } from '../api';
import { DEFINITION_KEYS, inputKey, type SavePlan } from './draft';

/** A write the server refused: its message, its code, and the input it concerns if known. */
export class SaveRefused extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number,
    readonly inputKey: string | null,
    readonly fieldId: string | null = null,
  ) {
    super(message);
    this.name = 'SaveRefused';
  }
}

type Reply = { error?: unknown; response: Response };

function check(reply: Reply, key: string | null = null, fieldId: string | null = null): void {
  if (reply.response.ok) return;
  const error = reply.error as ApiError | undefined;
  throw new SaveRefused(
    errorMessage(error, `The server answered ${reply.response.status}`),
    error?.code,
    reply.response.status,
    key,
    fieldId,
  );
}

/** The field input a refused definition write points at: the one the reply names, else the name. */
function fieldInput(fieldId: string, error: unknown): string {
  const named = (error as { field?: unknown } | undefined)?.field;
  const key = (DEFINITION_KEYS as readonly unknown[]).includes(named)
    ? (named as (typeof DEFINITION_KEYS)[number])
    : 'field_name';
  return inputKey.field(fieldId, key);
}

async function fieldWrite(fieldId: string, call: () => Promise<Reply>): Promise<void> {
  const reply = await call();
  check(reply, fieldInput(fieldId, reply.error), fieldId);
}

/**
 * A definition as the API takes it: its field type one of FIELD_TYPES (a stored definition may
 * hold another, which the draft's rules refuse before a Save; this stops it here too).
 */
function definitionBody<T extends { field_type?: string }>(
  fieldId: string,
  definition: T,
): Omit<T, 'field_type'> & { field_type?: FieldType } {
  const { field_type: fieldType, ...rest } = definition;
  if (fieldType === undefined) return rest;
  if (isFieldType(fieldType)) return { ...rest, field_type: fieldType };
  throw new SaveRefused(
    `Choose one of the ${FIELD_TYPES.length} field types`,
    undefined,
    400,
    inputKey.field(fieldId, 'field_type'),
    fieldId,
  );
}

export async function runSave(
  templateId: string,
  updatedDate: string,
  plan: SavePlan,
): Promise<void> {
  const client = api();
  check(
    await client.PUT('/api/templates/{template_id}', {
      params: { path: { template_id: templateId } },
      body: { ...plan.settings, updated_date: updatedDate },
    }),
    inputKey.setting('template_name'),
  );
  for (const id of plan.deleteFields) {
    check(await client.DELETE('/api/templatefields/{id}', { params: { path: { id } } }));
  }
  for (const id of plan.deleteBlocks) {
    check(await client.DELETE('/api/templateblocks/{id}', { params: { path: { id } } }));
  }
  for (const { block_id, ...changes } of plan.updateBlocks) {
    check(
      await client.PUT('/api/templateblocks/{block_id}', {
        params: { path: { block_id } },
        body: changes,
      }),
      inputKey.block(block_id),
    );
  }
  for (const block of plan.createBlocks) {
    check(
      await client.POST('/api/templateblocks/', {
        body: { ...block, template_id: templateId },
      }),
      inputKey.block(block.block_id),
    );
  }
  for (const { field_id, changes } of plan.updateFields) {
    await fieldWrite(field_id, () =>
      client.PUT('/api/templatefields/{field_id}', {
        params: { path: { field_id } },
        body: definitionBody(field_id, changes),
      }),
    );
  }
  for (const field of plan.createFields) {
    await fieldWrite(field.field_id, () =>
      client.POST('/api/templatefields/', {
        body: { ...definitionBody(field.field_id, field), template_id: templateId },
      }),
    );
  }
}

/** PUT /api/templates/updatedinfo/{id}: who changed the template, and when. */
export async function markUpdated(templateId: string): Promise<{ updated_by: string }> {
  const reply = await api().PUT('/api/templates/updatedinfo/{id}', {
    params: { path: { id: templateId } },
  });
  check(reply);
  return reply.data as { updated_by: string };
}
