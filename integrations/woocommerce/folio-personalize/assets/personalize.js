/*
 * Folio Personalize — the product page's "Personalize" button (GPL-2.0-or-later).
 *
 * Opens the Folio editor in an iframe inside a <dialog> (docs/editor.md "Embedding": embed=wait,
 * host=<this site's origin>), answers its init-request with the store's public token and the
 * product, and on `saved` writes the design id (and its preview, when Folio has one) into the
 * add-to-cart form's hidden inputs folio_design_id / folio_preview_url. The classic cart reads
 * them from the form; a block-based add to cart sends them as the Store API request's
 * extensions["folio-personalize"].
 */
(function () {
  'use strict';

  function setup(box) {
    var folio = String(box.getAttribute('data-folio-url') || '').replace(/\/+$/, '');
    var origin;
    try {
      origin = new URL(folio).origin;
    } catch (e) {
      return;
    }
    var dialog = box.querySelector('.folio-personalize__dialog');
    var frame = box.querySelector('iframe');
    var status = box.querySelector('.folio-personalize__status');
    var designInput = box.querySelector('input[name="folio_design_id"]');
    var previewInput = box.querySelector('input[name="folio_preview_url"]');
    var token = box.getAttribute('data-folio-token');

    function close() {
      if (dialog.open) dialog.close();
    }

    function preview(designId) {
      // The public token may read back the design it saved (its preview image, if any).
      return fetch(folio + '/v1/designs/' + encodeURIComponent(designId), { headers: { 'X-Service-Unauth-Token': token, Accept: 'application/json' } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (body) {
          var img = body && body.data && body.data.preview_image;
          return img && typeof img.url === 'string' && /^https?:\/\//.test(img.url) ? img.url : '';
        })
        .catch(function () { return ''; });
    }

    window.addEventListener('message', function (e) {
      if (e.origin !== origin || e.source !== frame.contentWindow || !e.data || e.data.source !== 'folio-customizer') return;
      if (e.data.type === 'init-request') {
        frame.contentWindow.postMessage({ type: 'init', token: token, product: box.getAttribute('data-folio-product'), locale: box.getAttribute('data-folio-locale') || 'en' }, origin);
      } else if (e.data.type === 'saved' && Array.isArray(e.data.designs) && e.data.designs.length > 0) {
        var id = String(e.data.designs[0].design_id || '');
        if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return;
        designInput.value = id;
        previewInput.value = '';
        status.textContent = status.getAttribute('data-saved-text') || '';
        box.dispatchEvent(new CustomEvent('folio:saved', { bubbles: true, detail: { design_id: id } }));
        preview(id).then(function (url) {
          if (designInput.value === id) previewInput.value = url;
        });
        close();
      } else if (e.data.type === 'error' && window.console) {
        window.console.warn('Folio editor:', e.data.message);
      }
    });

    box.querySelector('.folio-personalize__open').addEventListener('click', function () {
      if (!frame.getAttribute('src')) {
        frame.setAttribute('src', folio + '/customizer/?embed=wait&host=' + encodeURIComponent(window.location.origin));
      }
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    });
    box.querySelector('.folio-personalize__close').addEventListener('click', close);
  }

  function start() {
    var boxes = document.querySelectorAll('.folio-personalize[data-folio-url]');
    for (var i = 0; i < boxes.length; i++) setup(boxes[i]);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
