/* Folio Personalize (MIT): opens the Folio editor for the product in a modal dialog and, when
   the shopper saves, puts the design into the product form as hidden line-item properties.
   Loaded once by the app embed; docs/integrations.md "Shopify", docs/editor.md "Embedding". */
(() => {
  if (window.FolioPersonalize) return;
  const api = (window.FolioPersonalize = { setup: () => {} });
  // the app embed's settings are at the end of <body>: start once the page is parsed
  const start = () => {
    const config = document.getElementById('folio-personalize-config');
    if (!config) return;
    const c = config.dataset;
    let folio;
    try {
      folio = new URL(c.folioUrl);
    } catch {
      return;
    }
    if (!/^https?:$/.test(folio.protocol) || !c.token) return;
    const ORIGIN = folio.origin;
    const EDITOR = `${folio.href.replace(/\/+$/, '')}/customizer/?embed=wait&host=${encodeURIComponent(location.origin)}`;
    const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    let count = 0;

    const el = (tag, props, ...kids) => {
      const e = Object.assign(document.createElement(tag), props);
      e.append(...kids);
      return e;
    };
    const httpUrl = (v) => {
      try {
        return typeof v === 'string' && /^https?:$/.test(new URL(v).protocol) ? v : null;
      } catch {
        return null;
      }
    };

    function setup(root) {
      if (root.dataset.folioReady) return;
      root.dataset.folioReady = '1';
      const button = root.querySelector('[data-folio-open]');
      const status = root.querySelector('[data-folio-status]');
      const preview = root.querySelector('[data-folio-preview]');
      const product = root.dataset.folioProduct;
      root.querySelector('[data-folio-hint]')?.remove();
      if (!button || !product) return;
      const section = root.closest('.shopify-section') || document;
      const forms = () => [...section.querySelectorAll('form[action*="/cart/add"]')];
      /** side id → { design_id, preview_url }, in the editor's order of sides */
      let sides = new Map();
      let dialog = null;
      let frame = null;
      let state = null;
      let close = null;
      const n = ++count;

      const say = (text, error = false) => {
        status.textContent = text;
        status.classList.toggle('folio-personalize__status--error', error);
      };

      function build() {
        const title = el('h2', { className: 'folio-dialog__title', id: `folio-dialog-title-${n}`, textContent: c.textTitle });
        state = el('p', { className: 'folio-dialog__state', textContent: c.textLoading });
        state.setAttribute('role', 'status');
        close = el('button', { type: 'button', className: 'folio-dialog__close', textContent: c.textClose });
        close.addEventListener('click', () => dialog.close());
        frame = el('iframe', { className: 'folio-dialog__frame', title: c.textFrame, src: EDITOR });
        frame.setAttribute('allow', 'clipboard-write');
        dialog = el('dialog', { className: 'folio-dialog' }, el('div', { className: 'folio-dialog__bar' }, title, state, close), frame);
        dialog.setAttribute('aria-labelledby', title.id);
        dialog.setAttribute('aria-busy', 'true');
        // closing (Close, Done or Escape) gives focus back to the button that opened it
        dialog.addEventListener('close', () => button.focus());
        document.body.append(dialog);
      }

      /** Writes (or removes) one hidden property in every product form of the section. */
      function property(name, value) {
        for (const form of forms()) {
          let input = form.querySelector(`input[type="hidden"][name="properties[${name}]"]`);
          if (value == null) {
            input?.remove();
            continue;
          }
          if (!input) {
            input = el('input', { type: 'hidden', name: `properties[${name}]` });
            form.append(input);
          }
          input.value = value;
        }
      }

      function saved(designs) {
        const next = new Map();
        for (const d of designs) {
          if (!d || typeof d.side_id !== 'string' || !ID.test(d.design_id)) continue;
          next.set(d.side_id, { design_id: d.design_id, preview_url: httpUrl(d.preview_url) });
        }
        if (next.size === 0) return;
        // a partial save (one side) keeps the other sides saved before
        for (const [side, d] of sides) if (!next.has(side)) next.set(side, d);
        sides = next;
        const all = [...sides.values()];
        const first = all[0];
        property('_folio_design_id', first.design_id);
        property('_folio_design_ids', all.length > 1 ? all.map((d) => d.design_id).join(',') : null);
        property('_folio_preview_url', first.preview_url);
        if (first.preview_url) {
          preview.src = first.preview_url;
          preview.hidden = false;
        } else preview.hidden = true;
        root.dataset.folioDesign = first.design_id;
        button.textContent = c.textEdit;
        say(c.textSaved);
        state.textContent = c.textSaved;
        close.textContent = c.textDone;
        root.dispatchEvent(new CustomEvent('folio:saved', { bubbles: true, detail: { designs: all } }));
      }

      window.addEventListener('message', (e) => {
        // only the editor this block opened, from the Folio origin it was given
        if (!frame || e.source !== frame.contentWindow || e.origin !== ORIGIN) return;
        const m = e.data;
        if (!m || typeof m !== 'object' || m.source !== 'folio-customizer') return;
        if (m.type === 'init-request') {
          frame.contentWindow.postMessage({ type: 'init', token: c.token, product, locale: c.locale }, ORIGIN);
        } else if (m.type === 'ready') {
          dialog.removeAttribute('aria-busy');
          state.textContent = '';
        } else if (m.type === 'saved' && Array.isArray(m.designs)) {
          saved(m.designs);
        } else if (m.type === 'error' && typeof m.message === 'string') {
          state.textContent = m.message.slice(0, 300);
        }
      });

      preview.addEventListener('error', () => void (preview.hidden = true));
      button.addEventListener('click', () => {
        if (!dialog) build();
        say('');
        dialog.showModal();
        close.focus();
      });
      if (root.dataset.folioRequired === 'true') {
        // before the theme's own submit handlers (capture, on window): no design, no cart
        window.addEventListener(
          'submit',
          (e) => {
            if (sides.size > 0 || !forms().includes(e.target)) return;
            e.preventDefault();
            e.stopImmediatePropagation();
            say(c.textRequired, true);
            button.focus();
          },
          true,
        );
      }
      button.hidden = false;
    }

    api.setup = (scope = document) => scope.querySelectorAll('[data-folio-block]').forEach(setup);
    api.setup();
    // blocks added later: the theme editor's section reloads, quick views
    document.addEventListener('shopify:section:load', (e) => api.setup(e.target));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
