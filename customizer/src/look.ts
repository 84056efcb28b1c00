/**
 * The interface's look (docs/editor.md, "Interface"): the icons of the page's buttons
 * (icons.ts), the product's name in the header, and the toolbar beside the selection
 * (selection-toolbar.ts). `refresh()` runs on every change of the page (main.ts).
 */
import { t } from './i18n/index.js';
import { decorate } from './icons.js';
import { SelectionToolbar } from './selection-toolbar.js';
import { state, ui } from './state.js';

export class Look {
  private readonly toolbar: SelectionToolbar;
  private readonly productTitle: HTMLParagraphElement;

  constructor() {
    decorate(document);
    this.productTitle = document.createElement('p');
    this.productTitle.id = 'product-title';
    document.querySelector('header h1')?.after(this.productTitle);
    this.toolbar = new SelectionToolbar(ui.stage, () => state.active);
  }

  refresh(): void {
    const name = state.productId ? ui.product.selectedOptions[0]?.textContent ?? '' : '';
    const text = name ? t('look.product', { name }) : '';
    if (this.productTitle.dataset.text !== text) {
      this.productTitle.dataset.text = text;
      // the name is shown; the words "Product:" are for screen readers
      const [before = '', after = ''] = text.split(name);
      const visible = document.createElement('span');
      visible.textContent = name;
      const hint = (s: string) => Object.assign(document.createElement('span'), { className: 'sr-only', textContent: s });
      this.productTitle.replaceChildren(...(text ? [hint(before), visible, hint(after)] : []));
    }
    this.toolbar.update();
  }
}
