// Generated from the server's OpenAPI document: npm run generate -w @canopy/client
import type { LayoutNode } from '@canopy/core';
import type { SiteData } from '@canopy/site/browser';
export interface paths {
  '/api/apikeys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The API keys (never the keys themselves), usable first unless sorted; paged when asked (X-Total-Count: all matching rows) */
    get: {
      parameters: {
        query?: {
          /** @description Rows per page */
          limit?: number;
          /** @description Rows to skip */
          offset?: number;
          order?: 'asc' | 'desc';
          /** @description Text the rows must contain */
          q?: string;
          /** @description The column to sort by */
          sort?: 'status' | 'name' | 'created_date' | 'last_used_date' | 'expires_date';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_by: string;
              created_date: string;
              /** @description After this the key is refused; null: never expires */
              expires_date: string | null;
              key_id: string;
              /** @description The first characters of the key, to recognise it */
              key_prefix: string;
              /** @description The last request the key made (to the minute); null: never used */
              last_used_date: string | null;
              name: string;
              revoked_date: string | null;
              role_id: string | null;
              /** @enum {string} */
              scope: 'published' | 'role';
            }[];
          };
        };
      };
    };
    put?: never;
    /** Create an API key; the reply shows the key once */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description An ISO date and time in the future after which the key is refused */
            expires_date?: string;
            name: string;
            role_id?: string;
            /**
             * @description published: reads published content only; role: acts with role_id
             * @enum {string}
             */
            scope: 'published' | 'role';
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              expires_date: string | null;
              /** @description The key itself: shown this once, send it as x-api-key */
              key: string;
              key_id: string;
              key_prefix: string;
              name: string;
              role_id: string | null;
              /** @enum {string} */
              scope: 'published' | 'role';
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/apikeys/{key_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke an API key: it stops working at once */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          key_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The record of every write, newest first: filter by item, user, action and time; page with cursor */
    get: {
      parameters: {
        query?: {
          action?:
            | 'create'
            | 'save'
            | 'status'
            | 'move'
            | 'lock'
            | 'unlock'
            | 'force-unlock'
            | 'lapse'
            | 'handover'
            | 'draft'
            | 'delete-draft'
            | 'delete'
            | 'touch'
            | 'permissions'
            | 'template-create'
            | 'template-change'
            | 'template-delete'
            | 'media-upload'
            | 'media-replace'
            | 'media-delete'
            | 'publish'
            | 'sign-in-failed'
            | 'user-create'
            | 'user-change'
            | 'user-delete'
            | 'site-create'
            | 'site-change'
            | 'site-delete'
            | 'microapp-register'
            | 'microapp-change'
            | 'microapp-delete'
            | 'instance-create'
            | 'instance-change'
            | 'instance-delete';
          /** @description A UUID */
          content_id?: string;
          /** @description next_cursor of a page */
          cursor?: string;
          /** @description ISO date and time */
          from?: string;
          /** @description default 50 */
          limit?: number;
          /** @description ISO date and time */
          to?: string;
          user?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              entries: {
                action: string;
                actor: string;
                actor_kind: string;
                actor_name: string;
                audit_date: string;
                audit_id: string;
                content_id: string | null;
                content_name: string | null;
                details: {
                  [key: string]: unknown;
                } | null;
                /** @description Which tree the item is in; null once it is deleted */
                item_type: 'content' | 'template' | (never | null);
                version: number | null;
              }[];
              next_cursor: string | null;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/builds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A site's builds (per target when mode is given), newest first */
    get: {
      parameters: {
        query: {
          mode?: 'preview' | 'delivery';
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              build_definition_id: string;
              build_id: string;
              build_type: string;
              /** @description Milliseconds from start to finish (or to now while running) */
              duration_ms: number | null;
              error: string | null;
              finished_date: string | null;
              mode: 'preview' | 'delivery';
              pages_done: number;
              /** @description Pages rendered by this build; the rest were carried over from the previous one */
              pages_rendered: number;
              pages_total: number;
              queued_date: string;
              release_id: string | null;
              requested_by: string;
              site_id: string;
              started_date: string | null;
              status: 'queued' | 'running' | 'succeeded' | 'failed';
            }[];
          };
        };
      };
    };
    put?: never;
    /** The static-site release endpoint: publish and build; answers the build id at once */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            build_definition_id?: string;
            build_type?: string;
            /** @description Delivery: content ids of the publishable items' dependencies to publish with them */
            include?: string[];
            mode: 'preview' | 'delivery';
            /**
             * Format: uuid
             * @description A UUID
             */
            site_id: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: uuid
               * @description A UUID
               */
              build_id: string;
              /** @description What became published (delivery) */
              published: {
                content_id: string;
                /** @description The micro-app instances the version places (ids) */
                microapp_instances: string[];
                version: number;
              }[];
              /**
               * Format: uuid
               * @description A UUID
               */
              release_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/builds/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A build: status, progress (pages_done of pages_total), timings, error */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              build_definition_id: string;
              build_id: string;
              build_type: string;
              /** @description Milliseconds from start to finish (or to now while running) */
              duration_ms: number | null;
              error: string | null;
              finished_date: string | null;
              mode: 'preview' | 'delivery';
              pages_done: number;
              /** @description Pages rendered by this build; the rest were carried over from the previous one */
              pages_rendered: number;
              pages_total: number;
              queued_date: string;
              release_id: string | null;
              requested_by: string;
              site_id: string;
              started_date: string | null;
              status: 'queued' | 'running' | 'succeeded' | 'failed';
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/builds/{id}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A build's progress as Server-Sent Events (event: build), until it ends */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Server-Sent Events (event: build), until the build ends; data: the build as JSON (as GET /api/builds/{id}) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/event-stream': string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/content/updatedinfo/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Stamp a version's updated date and person */
    put: {
      parameters: {
        query: {
          version: number;
        };
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {string} */
              status: 'Success';
              updated_by: string;
              updated_date: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contentblock': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a content block in a draft */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            block_id: string;
            content_block_order?: number;
            /**
             * Format: uuid
             * @description A UUID
             */
            region_id: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_id: string;
            /** @description The updated_date you loaded; a newer save refuses yours with 409 */
            updated_date?: string;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contentblock/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update a content block of a draft */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            block_id?: string;
            content_block_order?: number;
            /**
             * Format: uuid
             * @description A UUID
             */
            region_id?: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_id?: string;
            /** @description The updated_date you loaded; a newer save refuses yours with 409 */
            updated_date?: string;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    post?: never;
    /** Delete a content block from a draft */
    delete: {
      parameters: {
        query?: {
          version?: number;
        };
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contentblockfield': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a block field in a draft */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            block_id: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            field_id: string;
            field_value?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_block_id: string;
            /** @description The updated_date you loaded; a newer save refuses yours with 409 */
            updated_date?: string;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contentblockfield/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update a block field of a draft */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            block_id?: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            field_id?: string;
            field_value?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_block_id?: string;
            /** @description The updated_date you loaded; a newer save refuses yours with 409 */
            updated_date?: string;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    post?: never;
    /** Delete a block field from a draft */
    delete: {
      parameters: {
        query?: {
          version?: number;
        };
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contentfields': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a content field in a draft */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            content_id: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            content_ref?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            field_id: string;
            field_value?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_block_id: string;
            /** @description The updated_date you loaded; a newer save refuses yours with 409 */
            updated_date?: string;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contentfields/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update a content field of a draft */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            content_id: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            content_ref?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            field_id?: string;
            field_value?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_block_id?: string;
            /** @description The updated_date you loaded; a newer save refuses yours with 409 */
            updated_date?: string;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The published page with a Page URL on a site */
    get: {
      parameters: {
        query: {
          /** @description The Page URL, e.g. /about/team */
          page_url: string;
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Keyed by template_block_id */
              content_fields: {
                [key: string]: {
                  content_id: string;
                  content_ref: string | null;
                  /** @description Keyed by region_id */
                  dynamic_content_regions: {
                    [key: string]: {
                      /** @description Keyed by block_id */
                      content_blocks: {
                        [key: string]: {
                          block_id: string;
                          content_block_order: number;
                          /** @description Keyed by template_block_id */
                          content_blocks_fields: {
                            [key: string]: {
                              block_id: string;
                              field_id: string;
                              field_value: string | null;
                              template_block_id: string;
                              version: number;
                            };
                          };
                          /** @description The widget template's file_layout */
                          file_layout: string | null;
                          region_id: string;
                          template_id: string;
                          version: number;
                        };
                      };
                      field_id: string;
                      region_id: string;
                      /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                      region_value: LayoutNode | null;
                      version: number;
                    };
                  };
                  field_id: string;
                  field_value: string | null;
                  referenced_data_collection: unknown[] | null;
                  template_block_id: string;
                  version: number;
                };
              };
              content_id: string;
              content_name: string;
              content_order: number;
              content_ref: string | null;
              content_type_id: string;
              copied_from: number | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_active: 0 | 1;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              lock_expires_date?: string | null;
              locked_by: string | null;
              locked_by_name?: string | null;
              locked_date?: string | null;
              media_library_directory: string | null;
              page_url: string | null;
              parent_id: string | null;
              parent_version: number | null;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              publish_date: string;
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              unpublish_date: string;
              updated_by: string | null;
              updated_by_name?: string | null;
              updated_date: string;
              version: number;
              /** @description For signed-in readers: every version, oldest first */
              versions?: {
                copied_from: number | null;
                /** @enum {unknown} */
                status_id: 'draft' | 'staged' | 'published';
                updated_by: string | null;
                updated_by_name: string | null;
                updated_date: string;
                version: number;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    /** Add Item: create content under a parent */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            allowed_content_type?: string;
            allowed_template_type?: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            content_id?: string;
            content_name?: string;
            content_type_id?: string;
            custom_icon?: string;
            /**
             * @description 0 or 1
             * @enum {unknown}
             */
            is_active?: 0 | 1;
            page_url?: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            parent_id: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_id: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Keyed by template_block_id */
              content_fields: {
                [key: string]: {
                  content_id: string;
                  content_ref: string | null;
                  /** @description Keyed by region_id */
                  dynamic_content_regions: {
                    [key: string]: {
                      /** @description Keyed by block_id */
                      content_blocks: {
                        [key: string]: {
                          block_id: string;
                          content_block_order: number;
                          /** @description Keyed by template_block_id */
                          content_blocks_fields: {
                            [key: string]: {
                              block_id: string;
                              field_id: string;
                              field_value: string | null;
                              template_block_id: string;
                              version: number;
                            };
                          };
                          /** @description The widget template's file_layout */
                          file_layout: string | null;
                          region_id: string;
                          template_id: string;
                          version: number;
                        };
                      };
                      field_id: string;
                      region_id: string;
                      /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                      region_value: LayoutNode | null;
                      version: number;
                    };
                  };
                  field_id: string;
                  field_value: string | null;
                  referenced_data_collection: unknown[] | null;
                  template_block_id: string;
                  version: number;
                };
              };
              content_id: string;
              content_name: string;
              content_order: number;
              content_ref: string | null;
              content_type_id: string;
              copied_from: number | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_active: 0 | 1;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              lock_expires_date?: string | null;
              locked_by: string | null;
              locked_by_name?: string | null;
              locked_date?: string | null;
              media_library_directory: string | null;
              page_url: string | null;
              parent_id: string | null;
              parent_version: number | null;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              publish_date: string;
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              unpublish_date: string;
              updated_by: string | null;
              updated_by_name?: string | null;
              updated_date: string;
              version: number;
              /** @description For signed-in readers: every version, oldest first */
              versions?: {
                copied_from: number | null;
                /** @enum {unknown} */
                status_id: 'draft' | 'staged' | 'published';
                updated_by: string | null;
                updated_by_name: string | null;
                updated_date: string;
                version: number;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The newest version of a content item */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Keyed by template_block_id */
              content_fields: {
                [key: string]: {
                  content_id: string;
                  content_ref: string | null;
                  /** @description Keyed by region_id */
                  dynamic_content_regions: {
                    [key: string]: {
                      /** @description Keyed by block_id */
                      content_blocks: {
                        [key: string]: {
                          block_id: string;
                          content_block_order: number;
                          /** @description Keyed by template_block_id */
                          content_blocks_fields: {
                            [key: string]: {
                              block_id: string;
                              field_id: string;
                              field_value: string | null;
                              template_block_id: string;
                              version: number;
                            };
                          };
                          /** @description The widget template's file_layout */
                          file_layout: string | null;
                          region_id: string;
                          template_id: string;
                          version: number;
                        };
                      };
                      field_id: string;
                      region_id: string;
                      /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                      region_value: LayoutNode | null;
                      version: number;
                    };
                  };
                  field_id: string;
                  field_value: string | null;
                  referenced_data_collection: unknown[] | null;
                  template_block_id: string;
                  version: number;
                };
              };
              content_id: string;
              content_name: string;
              content_order: number;
              content_ref: string | null;
              content_type_id: string;
              copied_from: number | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_active: 0 | 1;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              lock_expires_date?: string | null;
              locked_by: string | null;
              locked_by_name?: string | null;
              locked_date?: string | null;
              media_library_directory: string | null;
              page_url: string | null;
              parent_id: string | null;
              parent_version: number | null;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              publish_date: string;
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              unpublish_date: string;
              updated_by: string | null;
              updated_by_name?: string | null;
              updated_date: string;
              version: number;
              /** @description For signed-in readers: every version, oldest first */
              versions?: {
                copied_from: number | null;
                /** @enum {unknown} */
                status_id: 'draft' | 'staged' | 'published';
                updated_by: string | null;
                updated_by_name: string | null;
                updated_date: string;
                version: number;
              }[];
            };
          };
        };
      };
    };
    /** Save (every changed field, zone, block and block field at once), update status, or reorder */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            content_blocks?: {
              /**
               * Format: uuid
               * @description A UUID
               */
              block_id: string;
              /** @description What to do with the item: create, edited or delete (default: edited) */
              cmsItemStatus?: {
                create?: boolean;
                delete?: boolean;
                edited?: boolean;
                errorFields?: string[];
              };
              content_block_order?: number;
              /**
               * Format: uuid
               * @description A UUID
               */
              region_id?: string;
              /**
               * Format: uuid
               * @description A UUID
               */
              template_id?: string;
              version?: number;
            }[];
            content_blocks_fields?: {
              /**
               * Format: uuid
               * @description A UUID
               */
              block_id?: string;
              /** @description What to do with the item: create, edited or delete (default: edited) */
              cmsItemStatus?: {
                create?: boolean;
                delete?: boolean;
                edited?: boolean;
                errorFields?: string[];
              };
              /**
               * Format: uuid
               * @description A UUID
               */
              field_id: string;
              field_value?: string | null;
              /**
               * Format: uuid
               * @description A UUID
               */
              template_block_id?: string;
              version?: number;
            }[];
            content_fields?: {
              /** @description What to do with the item: create, edited or delete (default: edited) */
              cmsItemStatus?: {
                create?: boolean;
                delete?: boolean;
                edited?: boolean;
                errorFields?: string[];
              };
              /**
               * Format: uuid
               * @description A UUID
               */
              content_id?: string;
              /**
               * Format: uuid
               * @description A UUID
               */
              content_ref?: string | null;
              /**
               * Format: uuid
               * @description A UUID
               */
              field_id: string;
              field_value?: string | null;
              /**
               * Format: uuid
               * @description A UUID
               */
              template_block_id?: string;
              version?: number;
            }[];
            /**
             * Format: uuid
             * @description A UUID
             */
            content_id?: string;
            content_name?: string;
            content_order?: number;
            dynamic_content_regions?: {
              /** @description What to do with the item: create, edited or delete (default: edited) */
              cmsItemStatus?: {
                create?: boolean;
                delete?: boolean;
                edited?: boolean;
                errorFields?: string[];
              };
              /**
               * Format: uuid
               * @description A UUID
               */
              field_id?: string;
              /**
               * Format: uuid
               * @description A UUID
               */
              region_id: string;
              /** @description A zone layout: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
              region_value?:
                | ({
                    blocks?: unknown[];
                    id: string;
                    type?: string;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              version?: number;
            }[];
            /**
             * @description 0 or 1
             * @enum {unknown}
             */
            is_active?: 0 | 1;
            /**
             * Format: uuid
             * @description A UUID
             */
            parent_id?: string;
            publish_date?: string;
            status_id?: 'draft' | 'staged' | 'published';
            unpublish_date?: string;
            /** @description The updated_date you loaded; a newer save refuses yours with 409 */
            updated_date?: string;
            version?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json':
              | {
                  /** @description Keyed by template_block_id */
                  content_fields: {
                    [key: string]: {
                      content_id: string;
                      content_ref: string | null;
                      /** @description Keyed by region_id */
                      dynamic_content_regions: {
                        [key: string]: {
                          /** @description Keyed by block_id */
                          content_blocks: {
                            [key: string]: {
                              block_id: string;
                              content_block_order: number;
                              /** @description Keyed by template_block_id */
                              content_blocks_fields: {
                                [key: string]: {
                                  block_id: string;
                                  field_id: string;
                                  field_value: string | null;
                                  template_block_id: string;
                                  version: number;
                                };
                              };
                              /** @description The widget template's file_layout */
                              file_layout: string | null;
                              region_id: string;
                              template_id: string;
                              version: number;
                            };
                          };
                          field_id: string;
                          region_id: string;
                          /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                          region_value: LayoutNode | null;
                          version: number;
                        };
                      };
                      field_id: string;
                      field_value: string | null;
                      referenced_data_collection: unknown[] | null;
                      template_block_id: string;
                      version: number;
                    };
                  };
                  content_id: string;
                  content_name: string;
                  content_order: number;
                  content_ref: string | null;
                  content_type_id: string;
                  copied_from: number | null;
                  /**
                   * @description 0 or 1
                   * @enum {unknown}
                   */
                  is_active: 0 | 1;
                  /**
                   * @description 0 or 1
                   * @enum {unknown}
                   */
                  is_locked: 0 | 1;
                  lock_expires_date?: string | null;
                  locked_by: string | null;
                  locked_by_name?: string | null;
                  locked_date?: string | null;
                  media_library_directory: string | null;
                  page_url: string | null;
                  parent_id: string | null;
                  parent_version: number | null;
                  /** @description The caller's permissions on the item */
                  permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
                  publish_date: string;
                  site_id: string | null;
                  /** @enum {string} */
                  status: 'Success';
                  /** @enum {unknown} */
                  status_id: 'draft' | 'staged' | 'published';
                  template_id: string | null;
                  unpublish_date: string;
                  updated_by: string | null;
                  updated_by_name?: string | null;
                  updated_date: string;
                  version: number;
                  /** @description For signed-in readers: every version, oldest first */
                  versions?: {
                    copied_from: number | null;
                    /** @enum {unknown} */
                    status_id: 'draft' | 'staged' | 'published';
                    updated_by: string | null;
                    updated_by_name: string | null;
                    updated_date: string;
                    version: number;
                  }[];
                }
              | {
                  content_id: string;
                  content_order: number;
                  parent_id: string | null;
                  path: string;
                  /** @enum {string} */
                  status: 'Success';
                };
          };
        };
      };
    };
    post?: never;
    /** Delete a content item and all its versions */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /** @enum {string} */
              status: 'Success';
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/{id}/{version}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One version of a content item */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
          version: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Keyed by template_block_id */
              content_fields: {
                [key: string]: {
                  content_id: string;
                  content_ref: string | null;
                  /** @description Keyed by region_id */
                  dynamic_content_regions: {
                    [key: string]: {
                      /** @description Keyed by block_id */
                      content_blocks: {
                        [key: string]: {
                          block_id: string;
                          content_block_order: number;
                          /** @description Keyed by template_block_id */
                          content_blocks_fields: {
                            [key: string]: {
                              block_id: string;
                              field_id: string;
                              field_value: string | null;
                              template_block_id: string;
                              version: number;
                            };
                          };
                          /** @description The widget template's file_layout */
                          file_layout: string | null;
                          region_id: string;
                          template_id: string;
                          version: number;
                        };
                      };
                      field_id: string;
                      region_id: string;
                      /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                      region_value: LayoutNode | null;
                      version: number;
                    };
                  };
                  field_id: string;
                  field_value: string | null;
                  referenced_data_collection: unknown[] | null;
                  template_block_id: string;
                  version: number;
                };
              };
              content_id: string;
              content_name: string;
              content_order: number;
              content_ref: string | null;
              content_type_id: string;
              copied_from: number | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_active: 0 | 1;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              lock_expires_date?: string | null;
              locked_by: string | null;
              locked_by_name?: string | null;
              locked_date?: string | null;
              media_library_directory: string | null;
              page_url: string | null;
              parent_id: string | null;
              parent_version: number | null;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              publish_date: string;
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              unpublish_date: string;
              updated_by: string | null;
              updated_by_name?: string | null;
              updated_date: string;
              version: number;
              /** @description For signed-in readers: every version, oldest first */
              versions?: {
                copied_from: number | null;
                /** @enum {unknown} */
                status_id: 'draft' | 'staged' | 'published';
                updated_by: string | null;
                updated_by_name: string | null;
                updated_date: string;
                version: number;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/{id}/children': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An item's child references */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              content_name: string;
              content_order: number;
              content_type_id: string;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              locked_by: string | null;
              page_url: string | null;
              parent_id: string | null;
              path: string;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              site_id: string | null;
              template_id: string | null;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/{id}/references': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Items that refer to this one */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              content_name: string;
              content_type_id: string;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              locked_by: string | null;
              page_url: string | null;
              parent_id: string | null;
              path: string;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              site_id: string | null;
              template_id: string | null;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/{id}/roles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What each role holds on an item (content or template), inherited or set on it */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {integer} */
              is_admin: 0 | 1;
              /** @enum {integer} */
              is_personal: 0 | 1;
              /** @description What the role holds on the item, inherited or set on it */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              role_id: string;
              role_name: string;
              role_rank: number;
              settings: {
                Create?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
                Delete?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
                Edit?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
                Read?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
              };
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/draft': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a draft copied from a version (default 1) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            content_id: string;
            copied_from?: number;
            is_locked?: boolean | number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Keyed by template_block_id */
              content_fields: {
                [key: string]: {
                  content_id: string;
                  content_ref: string | null;
                  /** @description Keyed by region_id */
                  dynamic_content_regions: {
                    [key: string]: {
                      /** @description Keyed by block_id */
                      content_blocks: {
                        [key: string]: {
                          block_id: string;
                          content_block_order: number;
                          /** @description Keyed by template_block_id */
                          content_blocks_fields: {
                            [key: string]: {
                              block_id: string;
                              field_id: string;
                              field_value: string | null;
                              template_block_id: string;
                              version: number;
                            };
                          };
                          /** @description The widget template's file_layout */
                          file_layout: string | null;
                          region_id: string;
                          template_id: string;
                          version: number;
                        };
                      };
                      field_id: string;
                      region_id: string;
                      /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                      region_value: LayoutNode | null;
                      version: number;
                    };
                  };
                  field_id: string;
                  field_value: string | null;
                  referenced_data_collection: unknown[] | null;
                  template_block_id: string;
                  version: number;
                };
              };
              content_id: string;
              content_name: string;
              content_order: number;
              content_ref: string | null;
              content_type_id: string;
              copied_from: number | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_active: 0 | 1;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              lock_expires_date?: string | null;
              locked_by: string | null;
              locked_by_name?: string | null;
              locked_date?: string | null;
              media_library_directory: string | null;
              page_url: string | null;
              parent_id: string | null;
              parent_version: number | null;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              publish_date: string;
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              unpublish_date: string;
              updated_by: string | null;
              updated_by_name?: string | null;
              updated_date: string;
              version: number;
              /** @description For signed-in readers: every version, oldest first */
              versions?: {
                copied_from: number | null;
                /** @enum {unknown} */
                status_id: 'draft' | 'staged' | 'published';
                updated_by: string | null;
                updated_by_name: string | null;
                updated_date: string;
                version: number;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/draft/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete Draft (never version 1) */
    delete: {
      parameters: {
        query?: {
          version?: number;
        };
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /** @enum {string} */
              status: 'Success';
              version: number;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/draftfromversion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a draft from a version (Lock on published content) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            content_id: string;
            is_locked?: boolean | number;
            /** @description The caller's user id; must match the signed-in user */
            sub?: string;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Keyed by template_block_id */
              content_fields: {
                [key: string]: {
                  content_id: string;
                  content_ref: string | null;
                  /** @description Keyed by region_id */
                  dynamic_content_regions: {
                    [key: string]: {
                      /** @description Keyed by block_id */
                      content_blocks: {
                        [key: string]: {
                          block_id: string;
                          content_block_order: number;
                          /** @description Keyed by template_block_id */
                          content_blocks_fields: {
                            [key: string]: {
                              block_id: string;
                              field_id: string;
                              field_value: string | null;
                              template_block_id: string;
                              version: number;
                            };
                          };
                          /** @description The widget template's file_layout */
                          file_layout: string | null;
                          region_id: string;
                          template_id: string;
                          version: number;
                        };
                      };
                      field_id: string;
                      region_id: string;
                      /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                      region_value: LayoutNode | null;
                      version: number;
                    };
                  };
                  field_id: string;
                  field_value: string | null;
                  referenced_data_collection: unknown[] | null;
                  template_block_id: string;
                  version: number;
                };
              };
              content_id: string;
              content_name: string;
              content_order: number;
              content_ref: string | null;
              content_type_id: string;
              copied_from: number | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_active: 0 | 1;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              lock_expires_date?: string | null;
              locked_by: string | null;
              locked_by_name?: string | null;
              locked_date?: string | null;
              media_library_directory: string | null;
              page_url: string | null;
              parent_id: string | null;
              parent_version: number | null;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              publish_date: string;
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              unpublish_date: string;
              updated_by: string | null;
              updated_by_name?: string | null;
              updated_date: string;
              version: number;
              /** @description For signed-in readers: every version, oldest first */
              versions?: {
                copied_from: number | null;
                /** @enum {unknown} */
                status_id: 'draft' | 'staged' | 'published';
                updated_by: string | null;
                updated_by_name: string | null;
                updated_date: string;
                version: number;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/drafts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Content of a site that has a draft */
    get: {
      parameters: {
        query: {
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              content_name: string;
              content_type_id: string;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              locked_by: string | null;
              page_url: string | null;
              parent_id: string | null;
              path: string;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              updated_by: string | null;
              updated_date: string;
              version: number;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/list/{type}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Content of one content type */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          type: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              content_name: string;
              content_type_id: string;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              locked_by: string | null;
              page_url: string | null;
              parent_id: string | null;
              path: string;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              site_id: string | null;
              template_id: string | null;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/locked': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Locked content (optionally by one user) */
    get: {
      parameters: {
        query?: {
          locked_by?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              content_name: string;
              content_type_id: string;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              locked_by: string | null;
              page_url: string | null;
              parent_id: string | null;
              path: string;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              site_id: string | null;
              template_id: string | null;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/sites': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The sites */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              base_url: string | null;
              created_date: string;
              /** @description The home item */
              root_content_id: string | null;
              site_id: string;
              site_name: string;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contents/sites/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A site and its view data */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              base_url: string | null;
              created_date: string;
              item_count: number;
              page_count: number;
              root: {
                content_id: string;
                content_name: string;
                page_url: string | null;
                path: string;
              } | null;
              /** @description The home item */
              root_content_id: string | null;
              site_id: string;
              site_name: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dynamiccontentregion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a dynamic zone in a draft */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            field_id: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            region_id: string;
            /** @description A zone layout: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
            region_value?:
              | ({
                  blocks?: unknown[];
                  id: string;
                  type?: string;
                } & {
                  [key: string]: unknown;
                })
              | null;
            /** @description The updated_date you loaded; a newer save refuses yours with 409 */
            updated_date?: string;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dynamiccontentregion/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update a dynamic zone of a draft */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            field_id?: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            region_id?: string;
            /** @description A zone layout: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
            region_value?:
              | ({
                  blocks?: unknown[];
                  id: string;
                  type?: string;
                } & {
                  [key: string]: unknown;
                })
              | null;
            /** @description The updated_date you loaded; a newer save refuses yours with 409 */
            updated_date?: string;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The id of the row written */
              id: string;
              /** @enum {string} */
              status: 'Success';
              /** @description The version's updated_date after the write */
              updated_date: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Live events about items you may read (Server-Sent Events; resume with Last-Event-ID) */
    get: {
      parameters: {
        query?: {
          last_event_id?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Server-Sent Events (event: content, presence, lock-request, reset, ready), each with an id; data: the LiveEvent as JSON */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/event-stream': string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/identity/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How to sign in: the OpenID issuer, client id and scopes */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              api_key_header: string;
              /** @description The OpenID issuer to sign in with */
              authority: string | null;
              client_id: string | null;
              /**
               * @description embedded: Canopy signs people in; external: OIDC_ISSUER does; gateway: a proxy does
               * @enum {string}
               */
              mode: 'embedded' | 'external' | 'gateway';
              scope: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/identity/personinfo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in caller's profile (name, preferred_username, email, roles) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              email: string | null;
              family_name: string;
              given_name: string;
              /** @enum {integer} */
              is_admin: 0 | 1;
              /** @enum {string} */
              kind: 'user' | 'apikey' | 'system' | 'public';
              name: string;
              preferred_username: string;
              /** @description Role ids (personal roles left out) */
              roles: string[];
              /** @description The user id (null for API keys) */
              sub: string | null;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/latestpublishable/contents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The latest publishable page with a Page URL (preview) */
    get: {
      parameters: {
        query: {
          /** @description The Page URL, e.g. /about/team */
          page_url: string;
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Keyed by template_block_id */
              content_fields: {
                [key: string]: {
                  content_id: string;
                  content_ref: string | null;
                  /** @description Keyed by region_id */
                  dynamic_content_regions: {
                    [key: string]: {
                      /** @description Keyed by block_id */
                      content_blocks: {
                        [key: string]: {
                          block_id: string;
                          content_block_order: number;
                          /** @description Keyed by template_block_id */
                          content_blocks_fields: {
                            [key: string]: {
                              block_id: string;
                              field_id: string;
                              field_value: string | null;
                              template_block_id: string;
                              version: number;
                            };
                          };
                          /** @description The widget template's file_layout */
                          file_layout: string | null;
                          region_id: string;
                          template_id: string;
                          version: number;
                        };
                      };
                      field_id: string;
                      region_id: string;
                      /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                      region_value: LayoutNode | null;
                      version: number;
                    };
                  };
                  field_id: string;
                  field_value: string | null;
                  referenced_data_collection: unknown[] | null;
                  template_block_id: string;
                  version: number;
                };
              };
              content_id: string;
              content_name: string;
              content_order: number;
              content_ref: string | null;
              content_type_id: string;
              copied_from: number | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_active: 0 | 1;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              lock_expires_date?: string | null;
              locked_by: string | null;
              locked_by_name?: string | null;
              locked_date?: string | null;
              media_library_directory: string | null;
              page_url: string | null;
              parent_id: string | null;
              parent_version: number | null;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              publish_date: string;
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              unpublish_date: string;
              updated_by: string | null;
              updated_by_name?: string | null;
              updated_date: string;
              version: number;
              /** @description For signed-in readers: every version, oldest first */
              versions?: {
                copied_from: number | null;
                /** @enum {unknown} */
                status_id: 'draft' | 'staged' | 'published';
                updated_by: string | null;
                updated_by_name: string | null;
                updated_date: string;
                version: number;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/latestpublishable/contents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The newest staged or published version */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Keyed by template_block_id */
              content_fields: {
                [key: string]: {
                  content_id: string;
                  content_ref: string | null;
                  /** @description Keyed by region_id */
                  dynamic_content_regions: {
                    [key: string]: {
                      /** @description Keyed by block_id */
                      content_blocks: {
                        [key: string]: {
                          block_id: string;
                          content_block_order: number;
                          /** @description Keyed by template_block_id */
                          content_blocks_fields: {
                            [key: string]: {
                              block_id: string;
                              field_id: string;
                              field_value: string | null;
                              template_block_id: string;
                              version: number;
                            };
                          };
                          /** @description The widget template's file_layout */
                          file_layout: string | null;
                          region_id: string;
                          template_id: string;
                          version: number;
                        };
                      };
                      field_id: string;
                      region_id: string;
                      /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                      region_value: LayoutNode | null;
                      version: number;
                    };
                  };
                  field_id: string;
                  field_value: string | null;
                  referenced_data_collection: unknown[] | null;
                  template_block_id: string;
                  version: number;
                };
              };
              content_id: string;
              content_name: string;
              content_order: number;
              content_ref: string | null;
              content_type_id: string;
              copied_from: number | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_active: 0 | 1;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              lock_expires_date?: string | null;
              locked_by: string | null;
              locked_by_name?: string | null;
              locked_date?: string | null;
              media_library_directory: string | null;
              page_url: string | null;
              parent_id: string | null;
              parent_version: number | null;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              publish_date: string;
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              unpublish_date: string;
              updated_by: string | null;
              updated_by_name?: string | null;
              updated_date: string;
              version: number;
              /** @description For signed-in readers: every version, oldest first */
              versions?: {
                copied_from: number | null;
                /** @enum {unknown} */
                status_id: 'draft' | 'staged' | 'published';
                updated_by: string | null;
                updated_by_name: string | null;
                updated_date: string;
                version: number;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/latestpublishable/pageurls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A site's latest publishable page URLs */
    get: {
      parameters: {
        query: {
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              content_name: string;
              page_url: string;
              version: number;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/lockcontents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Lock content for the caller */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              locked_by: string | null;
              /** @enum {string} */
              status: 'Success';
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/lockcontents/{id}/request': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The open request for the lock, if any (null) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              from: string;
              from_name: string;
              holder: string;
              requested_date: string;
            } | null;
          };
        };
      };
    };
    /** The holder's answer: hand over the lock to the one who asked, or decline */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            answer: 'handover' | 'decline';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              from: string;
              from_name: string;
              holder: string;
              requested_date: string;
            };
          };
        };
      };
    };
    /** Request the lock: asks its holder to hand it over (answered live) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              from: string;
              from_name: string;
              holder: string;
              requested_date: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload or replace the file of an image, video or document item
     * @description multipart/form-data: content_id (the item id) and media (the file)
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Keyed by template_block_id */
              content_fields: {
                [key: string]: {
                  content_id: string;
                  content_ref: string | null;
                  /** @description Keyed by region_id */
                  dynamic_content_regions: {
                    [key: string]: {
                      /** @description Keyed by block_id */
                      content_blocks: {
                        [key: string]: {
                          block_id: string;
                          content_block_order: number;
                          /** @description Keyed by template_block_id */
                          content_blocks_fields: {
                            [key: string]: {
                              block_id: string;
                              field_id: string;
                              field_value: string | null;
                              template_block_id: string;
                              version: number;
                            };
                          };
                          /** @description The widget template's file_layout */
                          file_layout: string | null;
                          region_id: string;
                          template_id: string;
                          version: number;
                        };
                      };
                      field_id: string;
                      region_id: string;
                      /** @description The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] } */
                      region_value: LayoutNode | null;
                      version: number;
                    };
                  };
                  field_id: string;
                  field_value: string | null;
                  referenced_data_collection: unknown[] | null;
                  template_block_id: string;
                  version: number;
                };
              };
              content_id: string;
              content_name: string;
              content_order: number;
              content_ref: string | null;
              content_type_id: string;
              copied_from: number | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_active: 0 | 1;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              lock_expires_date?: string | null;
              locked_by: string | null;
              locked_by_name?: string | null;
              locked_date?: string | null;
              media_library_directory: string | null;
              page_url: string | null;
              parent_id: string | null;
              parent_version: number | null;
              /** @description The caller's permissions on the item */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              publish_date: string;
              site_id: string | null;
              /** @enum {unknown} */
              status_id: 'draft' | 'staged' | 'published';
              template_id: string | null;
              unpublish_date: string;
              updated_by: string | null;
              updated_by_name?: string | null;
              updated_date: string;
              version: number;
              /** @description For signed-in readers: every version, oldest first */
              versions?: {
                copied_from: number | null;
                /** @enum {unknown} */
                status_id: 'draft' | 'staged' | 'published';
                updated_by: string | null;
                updated_by_name: string | null;
                updated_date: string;
                version: number;
              }[];
            };
          };
        };
      };
    };
    /** Delete a media item and its files (409 when content uses it) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /** @enum {string} */
              status: 'Success';
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/{id}/focalpoint': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An image's focal point (the centre when none is set) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /** @description false: none is set, and crops keep the centre */
              is_set: boolean;
              x: number;
              y: number;
            };
          };
        };
      };
    };
    /** Set an image's focal point: crops (?w=&h=) keep it in the frame */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      /** @description Where the subject is, from the top left */
      requestBody: {
        content: {
          'application/json': {
            /** @description 0 (left or top) to 1 */
            x: number;
            /** @description 0 (left or top) to 1 */
            y: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /** @description false: none is set, and crops keep the centre */
              is_set: boolean;
              x: number;
              y: number;
            };
          };
        };
      };
    };
    post?: never;
    /** Clear an image's focal point (crops keep the centre) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /** @description false: none is set, and crops keep the centre */
              is_set: boolean;
              x: number;
              y: number;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mediacollectionfile/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload files of a multi-stream video: playlists, .m4s segments, a poster .jpg
     * @description multipart/form-data: content_id (the item id) and media (the file)
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /** @description The stored files' addresses */
              files: string[];
              /** @enum {string} */
              status: 'Success';
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mediacollectionfolder/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create (or empty) a multi-stream video's folder */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /** @description The folder's address */
              folder: string;
              /** @enum {string} */
              status: 'Success';
            };
          };
        };
      };
    };
    /** Delete a multi-stream video's folder and its files */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /** @enum {string} */
              status: 'Success';
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mediacollectionfolder/{id}/transcode': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Turn the MP4 of a video item into this multi-stream video, as a background job (501 without ffmpeg) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      /** @description The video item whose MP4 becomes the stream */
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            source_id: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The multi-stream video item the stream goes to */
              content_id: string;
              created_by: string;
              created_date: string;
              /** @description The files made, once it succeeded */
              files: string[];
              job_id: string;
              /** @enum {string} */
              kind: 'hls';
              /** @description Why the job (or an attempt, while it waits for the next) failed */
              message: string | null;
              /** @description 0 to 100 */
              progress: number;
              /** @description The video item whose MP4 is read */
              source_id: string;
              /** @enum {unknown} */
              status: 'queued' | 'running' | 'succeeded' | 'failed';
              updated_date: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mediajobs/{job_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A media job: status (queued, running, succeeded, failed) and progress (0-100) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          job_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The multi-stream video item the stream goes to */
              content_id: string;
              created_by: string;
              created_date: string;
              /** @description The files made, once it succeeded */
              files: string[];
              job_id: string;
              /** @enum {string} */
              kind: 'hls';
              /** @description Why the job (or an attempt, while it waits for the next) failed */
              message: string | null;
              /** @description 0 to 100 */
              progress: number;
              /** @description The video item whose MP4 is read */
              source_id: string;
              /** @enum {unknown} */
              status: 'queued' | 'running' | 'succeeded' | 'failed';
              updated_date: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/menus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The whole menu tree the caller may read */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MenuItem'][];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/menus/contents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An item and its children */
    get: {
      parameters: {
        query?: {
          /** @description How many levels of children to include (default 1) */
          level?: number;
        };
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description An item of the tree: a content item or a template */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MenuItem'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/menus/contents/latestpublishable/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An item and its children, latest publishable variant */
    get: {
      parameters: {
        query?: {
          /** @description How many levels of children to include (default 1) */
          level?: number;
        };
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description An item of the tree: a content item or a template */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MenuItem'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/microapps/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the micro-app API lives (the admin sends its calls there) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Where the admin sends micro-app calls (with credentials) */
              api_base: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/microapps/registeredclient': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Register a micro-app for a site (administrators) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            description?: string;
            /** @description lower-case letters, digits and hyphens, at most 63 */
            microapp_id: string;
            name: string;
            registeredclientapis?: {
              /** @description GET (default), POST, PUT, PATCH or DELETE */
              method?: string;
              name: string;
              url: string;
            }[];
            /**
             * Format: uuid
             * @description A UUID
             */
            site_id: string;
            versions: {
              element_name?: string | null;
              frame_height?: number | null;
              frame_url?: string | null;
              module_url?: string | null;
              /** @description 'module': a JavaScript module defining a custom element; 'frame': a page to frame */
              runtime: 'module' | 'frame';
              version: string;
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              description: string;
              instances: {
                ad_groups_modify: string;
                configuration: {
                  [key: string]: string;
                };
                created_by: string;
                created_date: string;
                /**
                 * Format: uuid
                 * @description A UUID
                 */
                instance_id: string;
                instance_name: string;
                instance_version: string;
                microapp_id: string;
                /** @description The micro-app's name */
                name: string;
                status: number;
                unique_name: string;
              }[];
              microapp_id: string;
              name: string;
              registeredclientapis: {
                method: string;
                name: string;
                url: string;
              }[];
              /**
               * Format: uuid
               * @description A UUID
               */
              site_id: string;
              site_name: string;
              versions: {
                element_name: string | null;
                frame_height: number | null;
                frame_url: string | null;
                module_url: string | null;
                /** @description 'module': a JavaScript module defining a custom element; 'frame': a page to frame */
                runtime: 'module' | 'frame';
                version: string;
              }[];
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/microapps/registeredclient/{microapp_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a micro-app's name, description, versions or APIs (administrators) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description lower-case letters, digits and hyphens, at most 63 */
          microapp_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            description?: string;
            name?: string;
            registeredclientapis?: {
              /** @description GET (default), POST, PUT, PATCH or DELETE */
              method?: string;
              name: string;
              url: string;
            }[];
            versions?: {
              element_name?: string | null;
              frame_height?: number | null;
              frame_url?: string | null;
              module_url?: string | null;
              /** @description 'module': a JavaScript module defining a custom element; 'frame': a page to frame */
              runtime: 'module' | 'frame';
              version: string;
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              description: string;
              instances: {
                ad_groups_modify: string;
                configuration: {
                  [key: string]: string;
                };
                created_by: string;
                created_date: string;
                /**
                 * Format: uuid
                 * @description A UUID
                 */
                instance_id: string;
                instance_name: string;
                instance_version: string;
                microapp_id: string;
                /** @description The micro-app's name */
                name: string;
                status: number;
                unique_name: string;
              }[];
              microapp_id: string;
              name: string;
              registeredclientapis: {
                method: string;
                name: string;
                url: string;
              }[];
              /**
               * Format: uuid
               * @description A UUID
               */
              site_id: string;
              site_name: string;
              versions: {
                element_name: string | null;
                frame_height: number | null;
                frame_url: string | null;
                module_url: string | null;
                /** @description 'module': a JavaScript module defining a custom element; 'frame': a page to frame */
                runtime: 'module' | 'frame';
                version: string;
              }[];
            };
          };
        };
      };
    };
    post?: never;
    /** Remove a micro-app that has no instances (administrators) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description lower-case letters, digits and hyphens, at most 63 */
          microapp_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/microapps/registeredclient/{siteName}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A site's micro-apps (by site name) with their versions, APIs and instances */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          siteName: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              description: string;
              instances: {
                ad_groups_modify: string;
                configuration: {
                  [key: string]: string;
                };
                created_by: string;
                created_date: string;
                /**
                 * Format: uuid
                 * @description A UUID
                 */
                instance_id: string;
                instance_name: string;
                instance_version: string;
                microapp_id: string;
                /** @description The micro-app's name */
                name: string;
                status: number;
                unique_name: string;
              }[];
              microapp_id: string;
              name: string;
              registeredclientapis: {
                method: string;
                name: string;
                url: string;
              }[];
              /**
               * Format: uuid
               * @description A UUID
               */
              site_id: string;
              site_name: string;
              versions: {
                element_name: string | null;
                frame_height: number | null;
                frame_url: string | null;
                module_url: string | null;
                /** @description 'module': a JavaScript module defining a custom element; 'frame': a page to frame */
                runtime: 'module' | 'frame';
                version: string;
              }[];
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/microapps/registeredclientapi': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an instance (PORTAL-EDITOR or administrators)
     * @description New instances get ad_groups_modify 'PORTAL-EDITOR' and status 0, whatever is sent.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            ad_groups_modify?: string;
            /** @description The instance's settings, given to the element as attributes (name: text); names are lower case, never on... or the element's own (class, style, id...) */
            configuration?: {
              [key: string]: string;
            };
            instance_id?: string;
            instance_name: string;
            instance_version?: string;
            /** @description lower-case letters, digits and hyphens, at most 63 */
            microapp_id: string;
            name?: string;
            status?: number;
            unique_name?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              ad_groups_modify: string;
              configuration: {
                [key: string]: string;
              };
              created_by: string;
              created_date: string;
              /**
               * Format: uuid
               * @description A UUID
               */
              instance_id: string;
              instance_name: string;
              instance_version: string;
              microapp_id: string;
              /** @description The micro-app's name */
              name: string;
              status: number;
              unique_name: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/microapps/registeredclientapi/{microapp_id}/{instance_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change an instance's name, version or configuration
     * @description The configuration sent replaces the whole configuration. Same rights as deleting.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          instance_id: string;
          /** @description lower-case letters, digits and hyphens, at most 63 */
          microapp_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description The instance's settings, given to the element as attributes (name: text); names are lower case, never on... or the element's own (class, style, id...) */
            configuration?: {
              [key: string]: string;
            };
            instance_name?: string;
            instance_version?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              ad_groups_modify: string;
              configuration: {
                [key: string]: string;
              };
              created_by: string;
              created_date: string;
              /**
               * Format: uuid
               * @description A UUID
               */
              instance_id: string;
              instance_name: string;
              instance_version: string;
              microapp_id: string;
              /** @description The micro-app's name */
              name: string;
              status: number;
              unique_name: string;
            };
          };
        };
      };
    };
    post?: never;
    /** Delete an instance: the micro-app id, then the instance id */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          instance_id: string;
          /** @description lower-case letters, digits and hyphens, at most 63 */
          microapp_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/pageeditor/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the page editor needs to render a content item's page as its site does (id: the content) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              base_path: string;
              /**
               * Format: uuid
               * @description A UUID
               */
              content_id: string;
              /** @description What the site's pages share on the preview target (@canopy/site's SiteData): menu, footer, templates, field names, linked pages and micro-app instances */
              site: SiteData;
              /**
               * Format: uuid
               * @description A UUID
               */
              site_id: string;
              stylesheet: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/pageurls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A site's published page URLs */
    get: {
      parameters: {
        query: {
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              content_name: string;
              page_url: string;
              version: number;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/permissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The permission definitions: Edit, Create, Delete, Read */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              permission_id: string;
              permission_name: string;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/permissions/{role_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A role's permission data: content id -> permission id -> { permission } */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          role_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Keyed by content id, then permission id (Edit, Create, Delete, Read) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: {
                Create?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
                Delete?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
                Edit?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
                Read?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
              };
            };
          };
        };
      };
    };
    /** Set a role's permissions on many items: 1 grants, 0 refuses, null inherits; returns the role's permission data */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          role_id: string;
        };
        cookie?: never;
      };
      /** @description Keyed by content id, then permission id; items and permissions left out stay as they are */
      requestBody: {
        content: {
          'application/json': {
            [key: string]: {
              Create?: {
                /**
                 * @description 1 grants, 0 refuses, null clears the setting (the item inherits again)
                 * @enum {integer|null}
                 */
                permission: 0 | 1 | null;
              };
              Delete?: {
                /**
                 * @description 1 grants, 0 refuses, null clears the setting (the item inherits again)
                 * @enum {integer|null}
                 */
                permission: 0 | 1 | null;
              };
              Edit?: {
                /**
                 * @description 1 grants, 0 refuses, null clears the setting (the item inherits again)
                 * @enum {integer|null}
                 */
                permission: 0 | 1 | null;
              };
              Read?: {
                /**
                 * @description 1 grants, 0 refuses, null clears the setting (the item inherits again)
                 * @enum {integer|null}
                 */
                permission: 0 | 1 | null;
              };
            };
          };
        };
      };
      responses: {
        /** @description Keyed by content id, then permission id (Edit, Create, Delete, Read) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: {
                Create?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
                Delete?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
                Edit?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
                Read?: {
                  /** @enum {integer} */
                  permission: 0 | 1;
                };
              };
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/presence/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who has the item open */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              beat_ms: number;
              viewers: {
                name: string;
                username: string;
              }[];
            };
          };
        };
      };
    };
    /** Says you have the item open (again every beat_ms); answers who else has */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              beat_ms: number;
              viewers: {
                name: string;
                username: string;
              }[];
            };
          };
        };
      };
    };
    post?: never;
    /** Says you closed the item */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Closed */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Enter preview: redirects a signed-in reader to the page on the preview target */
    get: {
      parameters: {
        query: {
          pageurl: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description To the page on the preview target */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/preview/exit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Leave preview: clears the preview cookie and goes to the delivery page */
    get: {
      parameters: {
        query?: {
          to?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description To the delivery page (the path of to) */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/preview/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sets the short-lived preview cookie for the signed-in user */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The cookie is set */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/references/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reference data: the template types */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              templatetypes: {
                content_type_id: string | null;
                icon: string | null;
                template_type_id: string;
                template_type_name: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/releases': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A site's releases, newest first */
    get: {
      parameters: {
        query: {
          mode?: 'preview' | 'delivery';
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              build_id: string | null;
              /** @description What the release published */
              items: {
                content: {
                  content_id: string;
                  version: number;
                }[];
                /** @description Template ids */
                templates: string[];
              };
              mode: 'preview' | 'delivery';
              release_id: string;
              released_by: string;
              released_date: string;
              site_id: string;
            }[];
          };
        };
      };
    };
    put?: never;
    /** Publish a site to a mode: promote staged versions (delivery), record a release, queue the build */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            build_definition_id?: string;
            build_type?: string;
            /** @description Delivery: content ids of the publishable items' dependencies to publish with them */
            include?: string[];
            mode: 'preview' | 'delivery';
            /**
             * Format: uuid
             * @description A UUID
             */
            site_id: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: uuid
               * @description A UUID
               */
              build_id: string;
              /** @description What became published (delivery) */
              published: {
                content_id: string;
                /** @description The micro-app instances the version places (ids) */
                microapp_instances: string[];
                version: number;
              }[];
              /**
               * Format: uuid
               * @description A UUID
               */
              release_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/releases/pagemodels/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page models of a site's target (id: the site) for page URLs from /pageurls (delivery) or /latestpublishable/pageurls (preview), and the not-found page's; API keys for published content read delivery */
    get: {
      parameters: {
        query: {
          mode: 'preview' | 'delivery';
          not_found?: boolean;
          page_url?: string[];
        };
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Page URLs asked for that are no pages */
              missing: string[];
              mode: 'preview' | 'delivery';
              /** @description One per page URL asked for that is a page */
              models: components['schemas']['SitePageModel'][];
              not_found?: components['schemas']['SitePageModel'];
              site_id: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/releases/publishableitems': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Publishable items by site and mode */
    get: {
      parameters: {
        query: {
          mode: 'preview' | 'delivery';
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content: {
                content_id: string;
                content_name: string;
                /** @description The micro-app instances the version places (ids) */
                microapp_instances: string[];
                status_id: string;
                updated_by: string | null;
                updated_date: string;
                version: number;
              }[];
              /** @description Delivery: what the pages delivery shows after the publish reference that it would not show (empty for preview) */
              dependencies: {
                /** @description Whether the caller may include it in the publish */
                can_include: boolean;
                content_type_id: string | null;
                /** @description A content id, or a micro-app instance id */
                id: string;
                kind: 'content' | 'microapp';
                name: string;
                needed_by: {
                  content_id: string;
                  content_name: string;
                }[];
                /** @description A scheduled item's publish date */
                publish_date: string | null;
                /** @description Why it cannot be included */
                reason: string | null;
                /** @description unpublished: only drafts; scheduled: its publish date lies ahead; missing: deleted */
                status: 'unpublished' | 'scheduled' | 'missing';
                /** @description The version including it publishes (or brings forward) */
                version: number | null;
              }[];
              last_published: {
                build_id: string | null;
                date: string;
                mode: 'preview' | 'delivery';
                released_by: string;
              } | null;
              templates: {
                template_id: string;
                template_name: string;
                updated_by: string | null;
                updated_date: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/releases/publishableitems/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Content and templates changed since the last release to a mode (id: the site) */
    get: {
      parameters: {
        query: {
          mode: 'preview' | 'delivery';
        };
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content: {
                content_id: string;
                content_name: string;
                /** @description The micro-app instances the version places (ids) */
                microapp_instances: string[];
                status_id: string;
                updated_by: string | null;
                updated_date: string;
                version: number;
              }[];
              /** @description Delivery: what the pages delivery shows after the publish reference that it would not show (empty for preview) */
              dependencies: {
                /** @description Whether the caller may include it in the publish */
                can_include: boolean;
                content_type_id: string | null;
                /** @description A content id, or a micro-app instance id */
                id: string;
                kind: 'content' | 'microapp';
                name: string;
                needed_by: {
                  content_id: string;
                  content_name: string;
                }[];
                /** @description A scheduled item's publish date */
                publish_date: string | null;
                /** @description Why it cannot be included */
                reason: string | null;
                /** @description unpublished: only drafts; scheduled: its publish date lies ahead; missing: deleted */
                status: 'unpublished' | 'scheduled' | 'missing';
                /** @description The version including it publishes (or brings forward) */
                version: number | null;
              }[];
              last_published: {
                build_id: string | null;
                date: string;
                mode: 'preview' | 'delivery';
                released_by: string;
              } | null;
              templates: {
                template_id: string;
                template_name: string;
                updated_by: string | null;
                updated_date: string;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/releases/scheduled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A site's scheduled changes (publish and unpublish dates to come) */
    get: {
      parameters: {
        query: {
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              change: 'publish' | 'unpublish';
              content_id: string;
              content_name: string;
              /** @description UTC ISO text */
              date: string;
              page_url: string | null;
              status_id: string;
              version: number;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/releases/targets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where a site's delivery and preview targets are served (url: absolute on a host name, else a path on this server) */
    get: {
      parameters: {
        query: {
          /** @description A UUID */
          site_id: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              delivery: {
                base_path: string;
                hosts: string[];
                /** @description Absolute on the target's first host name, else a path on this server */
                url: string;
              };
              preview: {
                base_path: string;
                hosts: string[];
                /** @description Absolute on the target's first host name, else a path on this server */
                url: string;
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/roles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The roles with their member counts, highest rank first unless sorted; paged when asked (X-Total-Count: all matching rows) */
    get: {
      parameters: {
        query?: {
          /** @description Rows per page */
          limit?: number;
          /** @description Rows to skip */
          offset?: number;
          order?: 'asc' | 'desc';
          /** @description false: leave out people's personal roles */
          personal?: boolean;
          /** @description Text the rows must contain */
          q?: string;
          /** @description The column to sort by */
          sort?: 'role_rank' | 'role_name' | 'member_count';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {integer} */
              is_admin: 0 | 1;
              /** @enum {integer} */
              is_personal: 0 | 1;
              /** @description How many users hold the role */
              member_count: number;
              role_id: string;
              role_name: string;
              role_rank: number;
            }[];
          };
        };
      };
    };
    put?: never;
    /** Create a role (administrators) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            role_id: string;
            role_name: string;
            role_rank: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {integer} */
              is_admin: 0 | 1;
              /** @enum {integer} */
              is_personal: 0 | 1;
              /** @description How many users hold the role */
              member_count: number;
              role_id: string;
              role_name: string;
              role_rank: number;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/roles/{role_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Rename a role or change its rank (administrators; never above your own) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          role_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            role_name?: string;
            role_rank?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {integer} */
              is_admin: 0 | 1;
              /** @enum {integer} */
              is_personal: 0 | 1;
              /** @description How many users hold the role */
              member_count: number;
              role_id: string;
              role_name: string;
              role_rank: number;
            };
          };
        };
      };
    };
    post?: never;
    /** Delete a role and its settings (administrators; not built-in roles) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          role_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sites': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The sites with home item and targets, paged and sorted (X-Total-Count: all rows) */
    get: {
      parameters: {
        query?: {
          /** @description Rows per page */
          limit?: number;
          /** @description Rows to skip */
          offset?: number;
          order?: 'asc' | 'desc';
          /** @description Text the rows must contain */
          q?: string;
          /** @description The column to sort by */
          sort?: 'site_name' | 'created_date' | 'item_count';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              /** @description Served on any host name when a target names none */
              is_default: boolean;
              item_count: number;
              root: {
                content_id: string;
                content_name: string;
                page_url: string | null;
              } | null;
              site_id: string;
              site_name: string;
              targets: {
                delivery: {
                  base_path: string;
                  /** @description Host names it answers on; any host when empty */
                  hosts: string[];
                  /**
                   * @description environment: CANOPY_SITES sets it and wins over what is stored here
                   * @enum {string}
                   */
                  source: 'environment' | 'database' | 'default';
                };
                preview: {
                  base_path: string;
                  /** @description Host names it answers on; any host when empty */
                  hosts: string[];
                  /**
                   * @description environment: CANOPY_SITES sets it and wins over what is stored here
                   * @enum {string}
                   */
                  source: 'environment' | 'database' | 'default';
                };
              };
            }[];
          };
        };
      };
    };
    put?: never;
    /** Create a site on an existing page or a new home page from a template */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Or a new home page made from a template */
            home?: {
              content_name?: string;
              /** @description A page template */
              template_id: string;
            };
            /** @description An existing page outside every site, to be the home item */
            root_content_id?: string;
            site_name: string;
            targets?: {
              delivery?: {
                base_path: string;
                hosts: string[];
              };
              preview?: {
                base_path: string;
                hosts: string[];
              };
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              /** @description Served on any host name when a target names none */
              is_default: boolean;
              item_count: number;
              root: {
                content_id: string;
                content_name: string;
                page_url: string | null;
              } | null;
              site_id: string;
              site_name: string;
              targets: {
                delivery: {
                  base_path: string;
                  /** @description Host names it answers on; any host when empty */
                  hosts: string[];
                  /**
                   * @description environment: CANOPY_SITES sets it and wins over what is stored here
                   * @enum {string}
                   */
                  source: 'environment' | 'database' | 'default';
                };
                preview: {
                  base_path: string;
                  /** @description Host names it answers on; any host when empty */
                  hosts: string[];
                  /**
                   * @description environment: CANOPY_SITES sets it and wins over what is stored here
                   * @enum {string}
                   */
                  source: 'environment' | 'database' | 'default';
                };
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sites/{site_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One site */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          site_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              /** @description Served on any host name when a target names none */
              is_default: boolean;
              item_count: number;
              root: {
                content_id: string;
                content_name: string;
                page_url: string | null;
              } | null;
              site_id: string;
              site_name: string;
              targets: {
                delivery: {
                  base_path: string;
                  /** @description Host names it answers on; any host when empty */
                  hosts: string[];
                  /**
                   * @description environment: CANOPY_SITES sets it and wins over what is stored here
                   * @enum {string}
                   */
                  source: 'environment' | 'database' | 'default';
                };
                preview: {
                  base_path: string;
                  /** @description Host names it answers on; any host when empty */
                  hosts: string[];
                  /**
                   * @description environment: CANOPY_SITES sets it and wins over what is stored here
                   * @enum {string}
                   */
                  source: 'environment' | 'database' | 'default';
                };
              };
            };
          };
        };
      };
    };
    /** Rename a site or set its targets' host names and base paths */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          site_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            site_name?: string;
            targets?: {
              delivery?: {
                base_path: string;
                hosts: string[];
              };
              preview?: {
                base_path: string;
                hosts: string[];
              };
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              /** @description Served on any host name when a target names none */
              is_default: boolean;
              item_count: number;
              root: {
                content_id: string;
                content_name: string;
                page_url: string | null;
              } | null;
              site_id: string;
              site_name: string;
              targets: {
                delivery: {
                  base_path: string;
                  /** @description Host names it answers on; any host when empty */
                  hosts: string[];
                  /**
                   * @description environment: CANOPY_SITES sets it and wins over what is stored here
                   * @enum {string}
                   */
                  source: 'environment' | 'database' | 'default';
                };
                preview: {
                  base_path: string;
                  /** @description Host names it answers on; any host when empty */
                  hosts: string[];
                  /**
                   * @description environment: CANOPY_SITES sets it and wins over what is stored here
                   * @enum {string}
                   */
                  source: 'environment' | 'database' | 'default';
                };
              };
            };
          };
        };
      };
    };
    post?: never;
    /** Delete a site nothing refers to, with its home item, builds and targets */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          site_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sites/{site_id}/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What deleting the site would remove, and what stops it */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          site_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description Why it cannot be deleted now */
              blocked_by: string | null;
              removes: {
                builds: number;
                home: {
                  content_id: string;
                  content_name: string;
                  versions: number;
                } | null;
                microapps: string[];
                releases: number;
              };
              site_id: string;
              site_name: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templateblocks/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add a block to a template (needs Edit on the template) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            block_id?: string;
            block_name: string;
            block_order?: number;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_id: string;
            /** @description The updated_date you loaded; if the template changed since, 409 */
            updated_date?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              block_id: string;
              block_name: string;
              block_order: number;
              /** @description Keyed by field_name */
              template_fields: {
                [key: string]: {
                  allowed_widgets: string | null;
                  block_id: string;
                  /**
                   * @description 0 or 1
                   * @enum {unknown}
                   */
                  connect_to_doc_site: 0 | 1;
                  default_value: string | null;
                  edit_in_behavior: string | null;
                  field_id: string;
                  field_name: string;
                  field_order: number;
                  field_type: string;
                  field_values: string | null;
                  /**
                   * @description 0 or 1
                   * @enum {unknown}
                   */
                  is_required: 0 | 1;
                  microapp_id: string | null;
                  microapp_version: string | null;
                  picker_root_item: string | null;
                  regex_validation: string | null;
                  restrict_to_content_type: string | null;
                  template_id: string;
                  tool_tip: string | null;
                  validation_message: string | null;
                };
              };
              template_id: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templateblocks/{block_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Rename or reorder a block */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          block_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: uuid
             * @description A UUID
             */
            block_id?: string;
            block_name?: string;
            block_order?: number;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_id?: string;
            /** @description The updated_date you loaded; if the template changed since, 409 */
            updated_date?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              block_id: string;
              block_name: string;
              block_order: number;
              /** @description Keyed by field_name */
              template_fields: {
                [key: string]: {
                  allowed_widgets: string | null;
                  block_id: string;
                  /**
                   * @description 0 or 1
                   * @enum {unknown}
                   */
                  connect_to_doc_site: 0 | 1;
                  default_value: string | null;
                  edit_in_behavior: string | null;
                  field_id: string;
                  field_name: string;
                  field_order: number;
                  field_type: string;
                  field_values: string | null;
                  /**
                   * @description 0 or 1
                   * @enum {unknown}
                   */
                  is_required: 0 | 1;
                  microapp_id: string | null;
                  microapp_version: string | null;
                  picker_root_item: string | null;
                  regex_validation: string | null;
                  restrict_to_content_type: string | null;
                  template_id: string;
                  tool_tip: string | null;
                  validation_message: string | null;
                };
              };
              template_id: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templateblocks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a block and its fields from its template */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              block_id: string;
              /** @enum {string} */
              status: 'Success';
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templatefields/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add a field definition to a template block (needs Edit on the template) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Widget template ids joined by '|' */
            allowed_widgets?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            block_id: string;
            /**
             * @description 0 or 1
             * @enum {unknown}
             */
            connect_to_doc_site?: 0 | 1;
            default_value?: string | null;
            /** @description e.g. 'Page Properties Tab', 'Selected Tab' */
            edit_in_behavior?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            field_id?: string;
            field_name: string;
            field_order?: number;
            /**
             * @description Default 'Short Text'
             * @enum {unknown}
             */
            field_type?:
              | 'Short Text'
              | 'Long Text'
              | 'Rich Text'
              | 'Dropdown'
              | 'Checkbox'
              | 'Read Only'
              | 'Media Library Asset'
              | 'Content Reference Picker'
              | 'Micro-app Reference Picker'
              | 'Dynamic Zone';
            /** @description Dropdown options joined by '|' */
            field_values?: string | null;
            /**
             * @description 0 or 1
             * @enum {unknown}
             */
            is_required?: 0 | 1;
            microapp_id?: string | null;
            microapp_version?: string | null;
            picker_root_item?: string | null;
            regex_validation?: string | null;
            restrict_to_content_type?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_id?: string;
            tool_tip?: string | null;
            /** @description The updated_date you loaded; if the template changed since, 409 */
            updated_date?: string;
            validation_message?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_widgets: string | null;
              block_id: string;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              connect_to_doc_site: 0 | 1;
              default_value: string | null;
              edit_in_behavior: string | null;
              field_id: string;
              field_name: string;
              field_order: number;
              field_type: string;
              field_values: string | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_required: 0 | 1;
              microapp_id: string | null;
              microapp_version: string | null;
              picker_root_item: string | null;
              regex_validation: string | null;
              restrict_to_content_type: string | null;
              template_id: string;
              tool_tip: string | null;
              validation_message: string | null;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templatefields/{field_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a field definition (it may move to another block of the same template) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          field_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Widget template ids joined by '|' */
            allowed_widgets?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            block_id?: string;
            /**
             * @description 0 or 1
             * @enum {unknown}
             */
            connect_to_doc_site?: 0 | 1;
            default_value?: string | null;
            /** @description e.g. 'Page Properties Tab', 'Selected Tab' */
            edit_in_behavior?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            field_id?: string;
            field_name?: string;
            field_order?: number;
            /**
             * @description Default 'Short Text'
             * @enum {unknown}
             */
            field_type?:
              | 'Short Text'
              | 'Long Text'
              | 'Rich Text'
              | 'Dropdown'
              | 'Checkbox'
              | 'Read Only'
              | 'Media Library Asset'
              | 'Content Reference Picker'
              | 'Micro-app Reference Picker'
              | 'Dynamic Zone';
            /** @description Dropdown options joined by '|' */
            field_values?: string | null;
            /**
             * @description 0 or 1
             * @enum {unknown}
             */
            is_required?: 0 | 1;
            microapp_id?: string | null;
            microapp_version?: string | null;
            picker_root_item?: string | null;
            regex_validation?: string | null;
            restrict_to_content_type?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_id?: string;
            tool_tip?: string | null;
            /** @description The updated_date you loaded; if the template changed since, 409 */
            updated_date?: string;
            validation_message?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_widgets: string | null;
              block_id: string;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              connect_to_doc_site: 0 | 1;
              default_value: string | null;
              edit_in_behavior: string | null;
              field_id: string;
              field_name: string;
              field_order: number;
              field_type: string;
              field_values: string | null;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_required: 0 | 1;
              microapp_id: string | null;
              microapp_version: string | null;
              picker_root_item: string | null;
              regex_validation: string | null;
              restrict_to_content_type: string | null;
              template_id: string;
              tool_tip: string | null;
              validation_message: string | null;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templatefields/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a field definition */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              field_id: string;
              /** @enum {string} */
              status: 'Success';
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a template at the end of its parent (needs Create on the parent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Comma-separated content type ids */
            allowed_content_type?: string;
            /** @description Comma-separated template type ids */
            allowed_template_type?: string;
            childLevelsNeeded?: number;
            /**
             * Format: uuid
             * @description A UUID
             */
            container_item_child_reference?: string | null;
            custom_icon_class?: string | null;
            file_layout?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            parent_id: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_id?: string;
            template_name: string;
            /** @description A template type id of GET /api/references/, e.g. page-template */
            template_type_id: string;
            /** @description Any JSON value */
            widget_template_data?: unknown;
            widget_type?:
              ('Block Widget' | 'Container Widget' | 'Container Item Widget') | (never | null);
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_content_type: string;
              allowed_template_type: string;
              childLevelsNeeded: number;
              container_item_child_reference: string | null;
              custom_icon_class: string | null;
              file_layout: string | null;
              lvl: number;
              parent_id: string | null;
              path: string;
              /** @description The caller's permissions on the template */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              /** @description Keyed by block_id */
              template_blocks: {
                [key: string]: {
                  block_id: string;
                  block_name: string;
                  block_order: number;
                  /** @description Keyed by field_name */
                  template_fields: {
                    [key: string]: {
                      allowed_widgets: string | null;
                      block_id: string;
                      /**
                       * @description 0 or 1
                       * @enum {unknown}
                       */
                      connect_to_doc_site: 0 | 1;
                      default_value: string | null;
                      edit_in_behavior: string | null;
                      field_id: string;
                      field_name: string;
                      field_order: number;
                      field_type: string;
                      field_values: string | null;
                      /**
                       * @description 0 or 1
                       * @enum {unknown}
                       */
                      is_required: 0 | 1;
                      microapp_id: string | null;
                      microapp_version: string | null;
                      picker_root_item: string | null;
                      regex_validation: string | null;
                      restrict_to_content_type: string | null;
                      template_id: string;
                      tool_tip: string | null;
                      validation_message: string | null;
                    };
                  };
                  template_id: string;
                };
              };
              template_id: string;
              template_name: string;
              template_order: number;
              template_type_id: string;
              updated_by: string | null;
              updated_date: string;
              widget_template_data: unknown;
              widget_type:
                ('Block Widget' | 'Container Widget' | 'Container Item Widget') | (never | null);
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A template with its blocks (keyed by block_id) and their fields (keyed by field_name) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_content_type: string;
              allowed_template_type: string;
              childLevelsNeeded: number;
              container_item_child_reference: string | null;
              custom_icon_class: string | null;
              file_layout: string | null;
              lvl: number;
              parent_id: string | null;
              path: string;
              /** @description The caller's permissions on the template */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              /** @description Keyed by block_id */
              template_blocks: {
                [key: string]: {
                  block_id: string;
                  block_name: string;
                  block_order: number;
                  /** @description Keyed by field_name */
                  template_fields: {
                    [key: string]: {
                      allowed_widgets: string | null;
                      block_id: string;
                      /**
                       * @description 0 or 1
                       * @enum {unknown}
                       */
                      connect_to_doc_site: 0 | 1;
                      default_value: string | null;
                      edit_in_behavior: string | null;
                      field_id: string;
                      field_name: string;
                      field_order: number;
                      field_type: string;
                      field_values: string | null;
                      /**
                       * @description 0 or 1
                       * @enum {unknown}
                       */
                      is_required: 0 | 1;
                      microapp_id: string | null;
                      microapp_version: string | null;
                      picker_root_item: string | null;
                      regex_validation: string | null;
                      restrict_to_content_type: string | null;
                      template_id: string;
                      tool_tip: string | null;
                      validation_message: string | null;
                    };
                  };
                  template_id: string;
                };
              };
              template_id: string;
              template_name: string;
              template_order: number;
              template_type_id: string;
              updated_by: string | null;
              updated_date: string;
              widget_template_data: unknown;
              widget_type:
                ('Block Widget' | 'Container Widget' | 'Container Item Widget') | (never | null);
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a template nothing uses (never a fixed root) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {string} */
              status: 'Success';
              template_id: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/references': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The content items that use the template, as their template or as a widget */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              content_name: string;
              content_type_id: string;
              parent_id: string | null;
              path: string;
              /** @enum {unknown} */
              reference_type: 'template' | 'widget';
              site_id: string | null;
              template_id: string | null;
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/widgetreferences': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The widget templates the template's dynamic zones allow, sorted by name */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_content_type: string;
              allowed_template_type: string;
              childLevelsNeeded: number;
              container_item_child_reference: string | null;
              custom_icon_class: string | null;
              file_layout: string | null;
              lvl: number;
              parent_id: string | null;
              path: string;
              /** @description Keyed by block_id */
              template_blocks: {
                [key: string]: {
                  block_id: string;
                  block_name: string;
                  block_order: number;
                  /** @description Keyed by field_name */
                  template_fields: {
                    [key: string]: {
                      allowed_widgets: string | null;
                      block_id: string;
                      /**
                       * @description 0 or 1
                       * @enum {unknown}
                       */
                      connect_to_doc_site: 0 | 1;
                      default_value: string | null;
                      edit_in_behavior: string | null;
                      field_id: string;
                      field_name: string;
                      field_order: number;
                      field_type: string;
                      field_values: string | null;
                      /**
                       * @description 0 or 1
                       * @enum {unknown}
                       */
                      is_required: 0 | 1;
                      microapp_id: string | null;
                      microapp_version: string | null;
                      picker_root_item: string | null;
                      regex_validation: string | null;
                      restrict_to_content_type: string | null;
                      template_id: string;
                      tool_tip: string | null;
                      validation_message: string | null;
                    };
                  };
                  template_id: string;
                };
              };
              template_id: string;
              template_name: string;
              template_order: number;
              template_type_id: string;
              updated_by: string | null;
              updated_date: string;
              widget_template_data: unknown;
              widget_type:
                ('Block Widget' | 'Container Widget' | 'Container Item Widget') | (never | null);
            }[];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{template_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Save a template's settings, or a reorder save (template_id, template_order, optionally parent_id) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          template_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Comma-separated content type ids */
            allowed_content_type?: string;
            /** @description Comma-separated template type ids */
            allowed_template_type?: string;
            childLevelsNeeded?: number;
            /**
             * Format: uuid
             * @description A UUID
             */
            container_item_child_reference?: string | null;
            custom_icon_class?: string | null;
            file_layout?: string | null;
            /**
             * Format: uuid
             * @description A UUID
             */
            parent_id?: string;
            /**
             * Format: uuid
             * @description A UUID
             */
            template_id?: string;
            template_name?: string;
            template_order?: number;
            /** @description A template type id of GET /api/references/, e.g. page-template */
            template_type_id?: string;
            /** @description The updated_date you loaded; if the template changed since, 409 */
            updated_date?: string;
            /** @description Any JSON value */
            widget_template_data?: unknown;
            widget_type?:
              ('Block Widget' | 'Container Widget' | 'Container Item Widget') | (never | null);
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              allowed_content_type: string;
              allowed_template_type: string;
              childLevelsNeeded: number;
              container_item_child_reference: string | null;
              custom_icon_class: string | null;
              file_layout: string | null;
              lvl: number;
              parent_id: string | null;
              path: string;
              /** @description The caller's permissions on the template */
              permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
              /**
               * @description The admin's reorder save checks for it
               * @enum {string}
               */
              status: 'Success';
              /** @description Keyed by block_id */
              template_blocks: {
                [key: string]: {
                  block_id: string;
                  block_name: string;
                  block_order: number;
                  /** @description Keyed by field_name */
                  template_fields: {
                    [key: string]: {
                      allowed_widgets: string | null;
                      block_id: string;
                      /**
                       * @description 0 or 1
                       * @enum {unknown}
                       */
                      connect_to_doc_site: 0 | 1;
                      default_value: string | null;
                      edit_in_behavior: string | null;
                      field_id: string;
                      field_name: string;
                      field_order: number;
                      field_type: string;
                      field_values: string | null;
                      /**
                       * @description 0 or 1
                       * @enum {unknown}
                       */
                      is_required: 0 | 1;
                      microapp_id: string | null;
                      microapp_version: string | null;
                      picker_root_item: string | null;
                      regex_validation: string | null;
                      restrict_to_content_type: string | null;
                      template_id: string;
                      tool_tip: string | null;
                      validation_message: string | null;
                    };
                  };
                  template_id: string;
                };
              };
              template_id: string;
              template_name: string;
              template_order: number;
              template_type_id: string;
              updated_by: string | null;
              updated_date: string;
              widget_template_data: unknown;
              widget_type:
                ('Block Widget' | 'Container Widget' | 'Container Item Widget') | (never | null);
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/updatedinfo/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Stamp the template's updated date and person (the caller, now) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              updated_by: string;
              updated_date: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/unlockcontents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Unlock (the owner; an administrator with force=true releases anyone's lock) */
    put: {
      parameters: {
        query?: {
          force?: boolean;
        };
        header?: never;
        path: {
          /** @description A UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              content_id: string;
              /**
               * @description 0 or 1
               * @enum {unknown}
               */
              is_locked: 0 | 1;
              locked_by: string | null;
              /** @enum {string} */
              status: 'Success';
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The users, filtered by text and role, sorted and paged (X-Total-Count: all matching rows) */
    get: {
      parameters: {
        query?: {
          /** @description Rows per page */
          limit?: number;
          /** @description Rows to skip */
          offset?: number;
          order?: 'asc' | 'desc';
          /** @description Text the rows must contain */
          q?: string;
          /** @description Only users who hold this role (id) */
          role?: string;
          /** @description The column to sort by */
          sort?:
            | 'username'
            | 'display_name'
            | 'email'
            | 'last_sign_in_date'
            | 'created_date'
            | 'disabled';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              /** @enum {integer} */
              disabled: 0 | 1;
              email: string | null;
              family_name: string;
              given_name: string;
              /** @description The external issuer the user signs in with; null: Canopy's own sign-in */
              issuer: string | null;
              /** @description The last sign-in, to the minute; null: never */
              last_sign_in_date: string | null;
              roles: string[];
              updated_date: string;
              user_id: string;
              username: string;
            }[];
          };
        };
      };
    };
    put?: never;
    /** Add a user (with a password for the embedded sign-in, and roles) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: email */
            email?: string | null;
            family_name?: string;
            given_name?: string;
            password?: string;
            /** @default [] */
            roles: string[];
            username: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              /** @enum {integer} */
              disabled: 0 | 1;
              email: string | null;
              family_name: string;
              given_name: string;
              /** @description The external issuer the user signs in with; null: Canopy's own sign-in */
              issuer: string | null;
              /** @description The last sign-in, to the minute; null: never */
              last_sign_in_date: string | null;
              roles: string[];
              updated_date: string;
              user_id: string;
              username: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/{user_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One user */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          user_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              /** @enum {integer} */
              disabled: 0 | 1;
              email: string | null;
              family_name: string;
              given_name: string;
              /** @description The external issuer the user signs in with; null: Canopy's own sign-in */
              issuer: string | null;
              /** @description The last sign-in, to the minute; null: never */
              last_sign_in_date: string | null;
              roles: string[];
              updated_date: string;
              user_id: string;
              username: string;
            };
          };
        };
      };
    };
    /** Change a user's name, email, password or disabled flag */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          user_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {integer} */
            disabled?: 0 | 1;
            /** Format: email */
            email?: string | null;
            family_name?: string;
            given_name?: string;
            password?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              /** @enum {integer} */
              disabled: 0 | 1;
              email: string | null;
              family_name: string;
              given_name: string;
              /** @description The external issuer the user signs in with; null: Canopy's own sign-in */
              issuer: string | null;
              /** @description The last sign-in, to the minute; null: never */
              last_sign_in_date: string | null;
              roles: string[];
              updated_date: string;
              user_id: string;
              username: string;
            };
          };
        };
      };
    };
    post?: never;
    /** Delete a user who holds no lock (never yourself or the last administrator) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          user_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/{user_id}/roles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Replace a user's roles (none may rank above your own) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          user_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            roles: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              created_date: string;
              /** @enum {integer} */
              disabled: 0 | 1;
              email: string | null;
              family_name: string;
              given_name: string;
              /** @description The external issuer the user signs in with; null: Canopy's own sign-in */
              issuer: string | null;
              /** @description The last sign-in, to the minute; null: never */
              last_sign_in_date: string | null;
              roles: string[];
              updated_date: string;
              user_id: string;
              username: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description An item of the tree: a content item or a template */
    MenuItem: {
      allowed_content_type: string;
      allowed_template_type: string;
      children: components['schemas']['MenuItem'][];
      content_id: string;
      content_name: string;
      content_order: number;
      content_type_id: string | null;
      custom_icon: string | null;
      /**
       * @description 0 or 1
       * @enum {unknown}
       */
      is_active: 0 | 1;
      /**
       * @description 0 or 1
       * @enum {unknown}
       */
      is_locked: 0 | 1;
      /** @enum {unknown} */
      item_type: 'content' | 'template';
      locked_by: string | null;
      lvl: number;
      media_url: string | null;
      page_url: string | null;
      parent_id: string | null;
      path: string;
      /** @description The caller's permissions on the item */
      permissions: ('Edit' | 'Create' | 'Delete' | 'Read')[];
      template_id: string | null;
      template_type_id: string | null;
    };
    /** @description One field as a component sees it */
    SiteFieldValue: {
      /** @description The page a Content Reference Picker field points at, on this target */
      link?: {
        name: string;
        url: string;
      } | null;
      /** @description A Media Library Asset field: the file's address */
      media?: string | null;
      /** @description A Micro-app Reference Picker field: each instance it names (placement null: missing or deleted) */
      microapps?: {
        id: string;
        /** @description How one micro-app instance runs on a page */
        placement: {
          /** @description The instance's settings, given to the element as attributes */
          configuration: {
            [key: string]: string;
          };
          elementName: string | null;
          frameHeight: number | null;
          frameUrl: string | null;
          instanceId: string;
          /** @description A module defining elementName */
          moduleUrl: string | null;
          /** @description The instance's name (a frame's title) */
          name: string;
          runtime: 'module' | 'frame';
        } | null;
      }[];
      /** @description The stored value */
      value: string | null;
    };
    /** @description An entry of the site's menu (the content tree) */
    SiteMenuEntry: {
      children: components['schemas']['SiteMenuEntry'][];
      /** @description 'Show In Navigation' is off: kept out of menus */
      hidden?: boolean;
      name: string;
      url: string;
    };
    /** @description What a page renders from (@canopy/site PageModel) */
    SitePageModel: {
      contentId: string;
      /** @description By field name */
      fields: {
        [key: string]: components['schemas']['SiteFieldValue'];
      };
      /** @description The shared footer fragment */
      footer: {
        body: string | null;
        heading: string | null;
      } | null;
      /** @description The page template's file_layout */
      layout: string | null;
      menu: components['schemas']['SiteMenuEntry'][];
      mode: 'preview' | 'delivery';
      name: string;
      preview?: {
        exitUrl: string;
        label: string;
      } | null;
      site: {
        basePath: string;
        id: string;
        name: string;
      };
      stylesheet: string;
      url: string;
      /** @description Dynamic zones by field name */
      zones: {
        [key: string]: components['schemas']['SiteWidget'][];
      };
    };
    /** @description A widget placed in a dynamic zone */
    SiteWidget: {
      /** @description A container's items' widgets */
      children: components['schemas']['SiteWidget'][];
      /** @description By field name */
      fields: {
        [key: string]: components['schemas']['SiteFieldValue'];
      };
      id: string;
      /** @description The widget template's file_layout: its component's key */
      layout: string | null;
      templateName: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
