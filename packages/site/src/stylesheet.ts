/**
 * The default theme's stylesheet: plain CSS, served as one static file beside the pages. Kept in a
 * module so that the server bundle, the render workers and tests all carry it without a loader.
 */
export const STYLESHEET_FILE = 'site.css';

export const stylesheet = `
:root {
  --cn-ink: #14212b;
  --cn-muted: #52616d;
  --cn-line: #dde3e8;
  --cn-paper: #ffffff;
  --cn-soft: #f3f6f4;
  --cn-brand: #1f6f4a;
  --cn-brand-dark: #154d34;
  --cn-accent: #e8b04a;
  --cn-night: #0f1f1a;
  --cn-radius: 10px;
  --cn-font: "Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 17px/1.65 var(--cn-font); color: var(--cn-ink); background: var(--cn-paper); display: flex; flex-direction: column; min-height: 100vh; }
main { flex: 1 0 auto; }
img, video { max-width: 100%; height: auto; display: block; }
a { color: var(--cn-brand); }
h1, h2, h3 { line-height: 1.2; letter-spacing: -0.01em; margin: 0 0 0.6em; }
h1 { font-size: clamp(2rem, 4vw, 3.1rem); font-weight: 750; }
h2 { font-size: clamp(1.5rem, 2.6vw, 2rem); font-weight: 700; }
h3 { font-size: 1.2rem; font-weight: 650; }
.cn-wrap { max-width: 1160px; margin: 0 auto; padding: 0 28px; }
.cn-narrow { max-width: 820px; }
.cn-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }

.cn-preview-bar { position: sticky; top: 0; z-index: 20; display: flex; gap: 16px; justify-content: center; align-items: center;
  padding: 8px 16px; background: var(--cn-accent); color: #2b1d00; font-size: 14px; }
.cn-preview-bar a { color: #2b1d00; font-weight: 700; }

.cn-header { background: var(--cn-paper); border-bottom: 1px solid var(--cn-line); position: relative; z-index: 10; }
.cn-header-inner { display: flex; align-items: center; justify-content: space-between; min-height: 76px; gap: 24px; flex-wrap: wrap; }
.cn-brand { display: inline-flex; align-items: center; gap: 10px; font-weight: 800; font-size: 1.2rem; color: var(--cn-ink); text-decoration: none; }
.cn-logo { width: 30px; height: 30px; border-radius: 50% 50% 50% 8px; background: linear-gradient(135deg, #2f9e6a, var(--cn-brand-dark)); }
.cn-nav > ul { display: flex; gap: 4px; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
.cn-nav li { position: relative; }
.cn-nav a { display: block; padding: 10px 14px; border-radius: 8px; color: var(--cn-ink); text-decoration: none; font-weight: 550; font-size: 15.5px; }
.cn-nav a:hover, .cn-nav a[aria-current="page"] { background: var(--cn-soft); color: var(--cn-brand-dark); }
.cn-nav .cn-has-sub > a::after { content: ""; display: inline-block; margin-left: 7px; width: 6px; height: 6px;
  border-right: 2px solid currentColor; border-bottom: 2px solid currentColor; transform: translateY(-3px) rotate(45deg); opacity: .55; }
.cn-sub { display: none; position: absolute; left: 0; top: 100%; min-width: 210px; list-style: none; margin: 0; padding: 8px;
  background: #fff; border: 1px solid var(--cn-line); border-radius: var(--cn-radius); box-shadow: 0 12px 30px rgba(20, 33, 43, .12); }
.cn-has-sub:hover .cn-sub, .cn-has-sub:focus-within .cn-sub { display: block; }

.cn-crumbs { display: flex; gap: 8px; flex-wrap: wrap; font-size: 14px; margin-bottom: 18px; color: rgba(255,255,255,.75); }
.cn-crumbs a { color: rgba(255,255,255,.9); }
.cn-crumbs > * + *::before { content: "/"; margin-right: 8px; opacity: .6; }

.cn-intro, .cn-hero { position: relative; overflow: hidden; color: #fff;
  background: radial-gradient(1200px 400px at 85% -10%, rgba(232,176,74,.35), transparent 60%),
              linear-gradient(120deg, var(--cn-night), var(--cn-brand-dark) 55%, var(--cn-brand)); }
.cn-intro { padding: 64px 0 56px; }
.cn-hero { padding: 112px 0 104px; }
.cn-intro-bg, .cn-hero-bg { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; opacity: .28; }
.cn-intro .cn-wrap, .cn-hero-inner { position: relative; }
.cn-hero h1 { font-size: clamp(2.4rem, 5vw, 3.8rem); max-width: 15ch; }
.cn-lead { font-size: 1.25rem; max-width: 60ch; color: rgba(255,255,255,.86); margin: 0 0 28px; }
.cn-not-found { padding: 96px 0; }

.cn-section { padding: 56px 0; }
.cn-band { background: var(--cn-soft); }
.cn-rich p { margin: 0 0 1em; }
.cn-rich h2 { margin-top: 1.2em; }
.cn-rich blockquote { border-left: 4px solid var(--cn-brand); margin: 1.5em 0; padding: 4px 0 4px 20px; color: var(--cn-muted); }
.cn-rich code { background: var(--cn-soft); padding: 2px 6px; border-radius: 5px; }

.cn-button { display: inline-block; padding: 13px 24px; border-radius: 999px; font-weight: 650; text-decoration: none; border: 2px solid transparent; cursor: pointer; font-size: 16px; }
.cn-button-primary { background: var(--cn-accent); color: #2b1d00; }
.cn-button-primary:hover { background: #f0c26a; }
.cn-button-secondary { border-color: var(--cn-brand); color: var(--cn-brand); background: transparent; }
.cn-button-link { padding: 0; color: var(--cn-brand); text-decoration: underline; }
.cn-cta { padding-top: 0; }

.cn-grid { display: grid; gap: 24px; grid-template-columns: repeat(3, 1fr); }
.cn-grid-2 { grid-template-columns: repeat(2, 1fr); }
.cn-grid-4 { grid-template-columns: repeat(4, 1fr); }
.cn-card { background: #fff; border: 1px solid var(--cn-line); border-radius: var(--cn-radius); overflow: hidden;
  box-shadow: 0 1px 2px rgba(20,33,43,.05); transition: box-shadow .2s, transform .2s; }
.cn-card:hover { box-shadow: 0 14px 30px rgba(20,33,43,.1); transform: translateY(-2px); }
.cn-card img { aspect-ratio: 16 / 9; object-fit: cover; width: 100%; }
.cn-card-body { padding: 24px; border-top: 4px solid var(--cn-brand); }
.cn-card-body p { color: var(--cn-muted); margin: 0 0 12px; }
.cn-card-link { font-weight: 650; text-decoration: none; }

.cn-figure { margin: 0 auto; }
.cn-figure img { border-radius: var(--cn-radius); width: 100%; }
.cn-figure figcaption, .cn-caption { color: var(--cn-muted); font-size: 15px; margin-top: 10px; }
.cn-media { border-radius: var(--cn-radius); margin: 12px 0; }

.cn-quote-band { background: var(--cn-soft); }
.cn-quote { margin: 0 auto; }
.cn-quote p { font-size: 1.6rem; line-height: 1.4; font-weight: 600; margin: 0 0 14px; }
.cn-quote p::before { content: "\\201C"; color: var(--cn-brand); }
.cn-quote p::after { content: "\\201D"; color: var(--cn-brand); }
.cn-quote footer { color: var(--cn-muted); }

.cn-newsletter { background: var(--cn-brand-dark); color: #fff; }
.cn-newsletter-inner { display: flex; gap: 24px; align-items: center; justify-content: space-between; flex-wrap: wrap; }
.cn-newsletter h2 { margin: 0; }
.cn-newsletter-form { display: flex; gap: 10px; flex-wrap: wrap; }
.cn-microapp { display: block; color: #1f2328; }
.cn-microapp-frame { display: block; width: 100%; border: 1px solid #d0d7de; border-radius: 12px; background: #fff; }
.cn-microapp-missing { padding: 12px 16px; border: 2px dashed #cf222e; border-radius: 8px; background: #fff5f5; color: #8a1c1c; }
.cn-newsletter-form input { padding: 13px 18px; border-radius: 999px; border: 0; min-width: 260px; font: inherit; }

.cn-related { border-top: 1px solid var(--cn-line); }
.cn-eyebrow { display: block; text-transform: uppercase; letter-spacing: .12em; font-size: 13px; font-weight: 700; color: var(--cn-muted); margin-bottom: 6px; }
.cn-intro .cn-eyebrow { color: rgba(255,255,255,.7); }
.cn-related-link { font-size: 1.4rem; font-weight: 700; text-decoration: none; }

.cn-placeholder { margin: 24px auto; max-width: 1104px; padding: 18px 20px; border: 2px dashed #c0392b; border-radius: var(--cn-radius);
  background: #fff5f4; color: #8e2a20; font-size: 15px; }

.cn-footer { background: var(--cn-night); color: rgba(255,255,255,.78); padding: 48px 0; margin-top: 0; }
.cn-footer-inner { display: flex; justify-content: space-between; gap: 32px; flex-wrap: wrap; }
.cn-footer-brand { color: #fff; font-weight: 800; font-size: 1.15rem; margin-bottom: 8px; }
.cn-footer-text p { margin: 0; font-size: 15px; }
.cn-footer-links { list-style: none; display: flex; flex-wrap: wrap; gap: 8px 24px; margin: 0; padding: 0; }
.cn-footer-links a { color: rgba(255,255,255,.85); text-decoration: none; }
.cn-footer-links a:hover { color: #fff; text-decoration: underline; }

@media (max-width: 860px) {
  .cn-grid, .cn-grid-3, .cn-grid-4 { grid-template-columns: 1fr 1fr; }
  .cn-hero { padding: 72px 0; }
}
@media (max-width: 560px) {
  .cn-grid, .cn-grid-2, .cn-grid-3, .cn-grid-4 { grid-template-columns: 1fr; }
  .cn-nav a { padding: 8px 10px; }
}
`;
