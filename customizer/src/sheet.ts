/**
 * The tools on a phone: the bottom sheet's sections become an accordion, one open at a time,
 * so the open sheet is about a screen high instead of every section stacked. Each section's
 * heading holds a button (aria-expanded, aria-controls) with the heading's own translated
 * text; selecting a text on the canvas opens Text, an image Photo. Wide screens keep every section open
 * with plain headings (the accordion is undone when the window widens).
 */
import type { MessageKey } from './i18n/index.js';
import { t } from './i18n/index.js';

interface Part {
  h2: HTMLHeadingElement;
  body: HTMLDivElement;
  button: HTMLButtonElement;
}

export class SheetSections {
  private readonly parts: Part[] = [];
  private open: Part | null = null;
  private lastSelected: unknown = null;

  constructor(private readonly sheetBody: HTMLElement, private readonly narrow: MediaQueryList = matchMedia('(max-width: 720px)')) {
    for (const section of sheetBody.querySelectorAll<HTMLElement>(':scope > section')) {
      const h2 = section.querySelector<HTMLHeadingElement>(':scope > h2');
      if (!h2?.id) continue;
      const body = document.createElement('div');
      body.className = 'section-body';
      body.id = `${h2.id}-body`;
      body.append(...[...section.children].filter((c) => c !== h2));
      section.append(body);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'section-toggle';
      button.setAttribute('aria-controls', body.id);
      const part = { h2, body, button };
      button.addEventListener('click', () => this.show(this.open === part ? null : part));
      this.parts.push(part);
    }
    this.open = this.parts[0] ?? null;
    this.narrow.addEventListener('change', () => this.layout());
    this.layout();
  }

  /** Puts the buttons in the headings on narrow screens, plain headings on wide ones. */
  private layout(): void {
    const narrow = this.narrow.matches;
    for (const p of this.parts) {
      const key = (p.h2.dataset.i18n ?? p.button.dataset.i18n) as MessageKey;
      if (narrow && p.button.parentElement !== p.h2) {
        p.button.dataset.i18n = key;
        p.button.textContent = t(key);
        delete p.h2.dataset.i18n;
        p.h2.replaceChildren(p.button);
      } else if (!narrow && p.button.parentElement === p.h2) {
        p.h2.dataset.i18n = key;
        delete p.button.dataset.i18n;
        p.h2.textContent = t(key);
      }
    }
    this.show(this.open);
  }

  /** Opens one section (null: none) and closes the others; on wide screens all stay open. */
  show(part: Part | null): void {
    this.open = part;
    const narrow = this.narrow.matches;
    for (const p of this.parts) {
      const open = !narrow || p === part;
      p.body.hidden = !open;
      p.button.setAttribute('aria-expanded', String(p === part));
    }
  }

  /** Opens the section whose heading has this id (e.g. `h-layers`). */
  openSection(headingId: string): void {
    const part = this.parts.find((p) => p.h2.id === headingId);
    if (part) this.show(part);
  }

  /** A text newly selected on the canvas opens Text, an image Photo (only when the selection changes). */
  follow(selected: { type?: string } | null | undefined): void {
    if (selected === this.lastSelected) return;
    this.lastSelected = selected;
    // a selection made from the tools (Duplicate, Paste, Add text) keeps the section in use
    if (!selected || !this.narrow.matches || this.sheetBody.contains(document.activeElement)) return;
    const type = selected.type ?? '';
    if (/text/i.test(type)) this.openSection('h-text');
    else if (/image/i.test(type)) this.openSection('h-photo');
  }
}
