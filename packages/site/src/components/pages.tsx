/** Page layouts of the default theme: 'page', 'content-fragment', the media items, not-found. */
import { mediaSrc, type PageModel } from '../model';
import type { PageProps } from '../registry';
import { Breadcrumbs } from './document';
import { Microapps } from './microapps';
import { Editable, IMAGE_SIZES, PageLink, ResponsiveImage, RichText, text, Zone } from './parts';

function PageIntro({ page }: { page: PageModel }) {
  const summary = text(page.fields, 'Summary');
  const hero = mediaSrc(page.fields['Hero Image']?.media ?? page.fields['Hero Image']?.value);
  return (
    <section className={`cn-intro${hero ? ' cn-intro-image' : ''}`}>
      {hero && (
        <ResponsiveImage className="cn-intro-bg" src={hero} sizes={IMAGE_SIZES.full} alt="" />
      )}
      <div className="cn-wrap">
        <Breadcrumbs page={page} />
        <Editable of={page} name="Title" as="h1" fallback={page.name} />
        {summary && <Editable of={page} name="Summary" as="p" className="cn-lead" />}
      </div>
    </section>
  );
}

export function StandardPage({ page, registry }: PageProps) {
  const zone = page.zones['Main Zone'];
  const related = page.fields['Related Page']?.link;
  const startsWithHero = zone?.[0]?.layout === 'hero-banner';
  const heroes = startsWithHero ? 1 : 0;
  return (
    <>
      {!startsWithHero && <PageIntro page={page} />}
      <Zone name="Main Zone" widgets={zone?.slice(0, heroes)} page={page} registry={registry} />
      {text(page.fields, 'Body') && (
        <section className="cn-section">
          <div className="cn-wrap cn-narrow">
            <RichText field={{ of: page, name: 'Body' }} />
          </div>
        </section>
      )}
      <Zone
        name="Main Zone"
        start={heroes}
        widgets={zone?.slice(heroes)}
        page={page}
        registry={registry}
      />
      {Object.entries(page.fields)
        .filter(
          ([, field]) =>
            field.microapps?.some(({ placement }) => placement) ||
            (page.mode === 'preview' && field.microapps?.length),
        )
        .map(([name, field]) => (
          <section key={name} className="cn-section cn-microapps">
            <div className="cn-wrap cn-narrow">
              <Microapps page={page} field={field} />
            </div>
          </section>
        ))}
      {Object.entries(page.zones)
        .filter(([name]) => name !== 'Main Zone')
        .map(([name, widgets]) => (
          <Zone key={name} name={name} widgets={widgets} page={page} registry={registry} />
        ))}
      {related && (
        <section className="cn-section cn-related">
          <div className="cn-wrap">
            <span className="cn-eyebrow">Read next</span>
            <PageLink page={page} url={related.url} className="cn-related-link">
              {related.name} <span aria-hidden="true">→</span>
            </PageLink>
          </div>
        </section>
      )}
    </>
  );
}

export function FragmentPage({ page }: PageProps) {
  return (
    <section className="cn-section">
      <div className="cn-wrap cn-narrow">
        <Editable of={page} name="Heading" as="h1" fallback={page.name} />
        <RichText field={{ of: page, name: 'Body' }} />
      </div>
    </section>
  );
}

export function NotFoundPage({ page }: PageProps) {
  return (
    <section className="cn-intro cn-not-found">
      <div className="cn-wrap">
        <span className="cn-eyebrow">Error 404</span>
        <h1>We could not find that page</h1>
        <p className="cn-lead">It may have moved, or it is no longer published.</p>
        <PageLink page={page} url="/" className="cn-button cn-button-primary">
          Back to the home page
        </PageLink>
      </div>
    </section>
  );
}

/** A media item with a page URL shows its file. */
export function MediaPage({ page }: PageProps) {
  const image = mediaSrc(page.fields['Image']?.media ?? page.fields['Image']?.value);
  const video = mediaSrc(page.fields['Video']?.media ?? page.fields['Video']?.value);
  return (
    <section className="cn-section">
      <div className="cn-wrap cn-narrow">
        <h1>{page.name}</h1>
        {image && (
          <ResponsiveImage
            className="cn-media"
            src={image}
            sizes={IMAGE_SIZES.narrow}
            alt={text(page.fields, 'Alt Text') ?? ''}
          />
        )}
        {video && <video className="cn-media" src={video} controls preload="metadata" />}
        {text(page.fields, 'Caption') && (
          <p className="cn-caption">{text(page.fields, 'Caption')}</p>
        )}
      </div>
    </section>
  );
}
