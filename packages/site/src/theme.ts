/** The default theme: a component for every demo template's file_layout. */
import { FragmentPage, MediaPage, StandardPage } from './components/pages';
import {
  CallToAction,
  Card,
  CardGrid,
  HeroBanner,
  ImageWithCaption,
  NewsletterSignup,
  Quote,
  RichTextBlock,
} from './components/widgets';
import { Registry } from './registry';

export function registerDefaultTheme(registry: Registry): Registry {
  return registry
    .page('page', StandardPage)
    .page('content-fragment', FragmentPage)
    .page('image', MediaPage)
    .page('video', MediaPage)
    .widget('hero-banner', HeroBanner)
    .widget('rich-text-block', RichTextBlock)
    .widget('call-to-action', CallToAction)
    .widget('image-with-caption', ImageWithCaption)
    .widget('quote', Quote)
    .widget('card-grid', CardGrid)
    .widget('card', Card)
    .widget('newsletter-signup', NewsletterSignup);
}

/** A registry holding the default theme; register your own components on it. */
export function defaultRegistry(): Registry {
  return registerDefaultTheme(new Registry());
}
