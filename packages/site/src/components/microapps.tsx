/**
 * Micro-app instances on a page: a module's custom element with the instance's settings as
 * attributes, or a framed page. A missing or deleted instance renders nothing on delivery and a
 * visible note on preview.
 */
import { createElement } from 'react';
import type { FieldValue, PageModel } from '../model';

export function Microapps({ page, field }: { page: PageModel; field: FieldValue | undefined }) {
  const apps = field?.microapps ?? [];
  if (apps.length === 0) return null;
  return (
    <>
      {apps.map(({ id, placement }) => {
        if (!placement) {
          return page.mode === 'preview' ? (
            <p key={id} className="cn-microapp-missing" role="note">
              Micro-app instance {id} is missing (deleted or never created); delivery leaves it out.
            </p>
          ) : null;
        }
        if (placement.runtime === 'frame' && placement.frameUrl) {
          return (
            <iframe
              key={id}
              className="cn-microapp-frame"
              src={placement.frameUrl}
              title={placement.name}
              loading="lazy"
              height={placement.frameHeight ?? 480}
            />
          );
        }
        if (!placement.elementName) return null;
        return createElement(placement.elementName, {
          key: id,
          class: 'cn-microapp',
          'data-instance': id,
          ...placement.configuration,
        });
      })}
    </>
  );
}

/** The modules of the page's micro-apps, each loaded once, at the end of the body. */
export function MicroappScripts({ modules }: { modules: string[] }) {
  return (
    <>
      {modules.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </>
  );
}
