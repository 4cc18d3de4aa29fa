// Canopy's demo micro-app: a newsletter sign-up form as a custom element, <canopy-newsletter>.
// It needs no build step. Each instance's configuration arrives as attributes: heading,
// description, button-label and success-message.
const template = document.createElement('template');
template.innerHTML = `
  <style>
    :host { display: block; font: inherit; color: inherit; }
    .box { border: 1px solid #d0d7de; border-radius: 12px; padding: 24px; background: #f6f8fa; max-width: 560px; }
    h2 { margin: 0 0 8px; font-size: 1.35rem; }
    p { margin: 0 0 16px; color: #4a5563; }
    form { display: flex; gap: 8px; flex-wrap: wrap; align-items: flex-start; }
    label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    [hidden] { display: none; }
    input { flex: 1 1 240px; padding: 10px 12px; border: 1px solid #8c959f; border-radius: 8px; font: inherit; }
    input[aria-invalid='true'] { border-color: #cf222e; }
    button { padding: 10px 18px; border: 0; border-radius: 8px; background: #1f6f43; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
    button:focus-visible, input:focus-visible { outline: 3px solid #7cc4a0; outline-offset: 2px; }
    .error { flex-basis: 100%; margin: 4px 0 0; color: #cf222e; font-size: 0.9rem; }
    .done { margin: 0; font-weight: 600; color: #1f6f43; }
  </style>
  <section class="box">
    <h2 part="heading"></h2>
    <p part="description"></p>
    <form novalidate>
      <label for="email">Email address</label>
      <input id="email" name="email" type="email" autocomplete="email" placeholder="you@example.com" required>
      <button type="submit"></button>
      <p class="error" role="alert" hidden></p>
    </form>
    <p class="done" role="status" hidden></p>
  </section>
`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class CanopyNewsletter extends HTMLElement {
  static observedAttributes = ['heading', 'description', 'button-label', 'success-message'];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).append(template.content.cloneNode(true));
    this.shadowRoot.querySelector('form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.subscribe();
    });
  }

  connectedCallback() {
    this.render();
  }

  attributeChangedCallback() {
    this.render();
  }

  render() {
    const root = this.shadowRoot;
    root.querySelector('h2').textContent = this.getAttribute('heading') || 'Stay in the loop';
    root.querySelector('[part=description]').textContent =
      this.getAttribute('description') || 'News and events from us, once a month.';
    root.querySelector('button').textContent = this.getAttribute('button-label') || 'Subscribe';
  }

  subscribe() {
    const root = this.shadowRoot;
    const input = root.querySelector('input');
    const error = root.querySelector('.error');
    const email = input.value.trim();
    if (!EMAIL.test(email)) {
      error.textContent = 'Enter an email address like name@example.com';
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    const message = this.getAttribute('success-message') || 'Thanks! Please confirm by email.';
    root.querySelector('form').hidden = true;
    const done = root.querySelector('.done');
    done.textContent = `${message} (${email})`;
    done.hidden = false;
    this.dispatchEvent(
      new CustomEvent('canopy-newsletter-subscribe', { detail: { email }, bubbles: true }),
    );
  }
}

if (!customElements.get('canopy-newsletter'))
  customElements.define('canopy-newsletter', CanopyNewsletter);
