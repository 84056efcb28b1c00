/** Toasts: an API error shows the API's own message (and the request id to quote). */
import { notifications } from '@mantine/notifications';
import { FolioError, ValidationError } from '@folio/sdk';

export function errorMessage(err: unknown): string {
  if (err instanceof ValidationError) {
    const fields = Object.entries(err.fields).map(([k, v]) => `${k}: ${v.join(', ')}`);
    return fields.length ? `${err.message} (${fields.join('; ')})` : err.message;
  }
  if (err instanceof Error) return err.message;
  return String(err);
}

/** The toast's close button, named in the page's language (the toasts live outside React's locale context). */
function closeLabel(): string {
  const lang = document.documentElement.lang;
  return lang === 'fr' ? 'Fermer le message' : lang === 'he' ? 'סגירת ההודעה' : 'Close message';
}

export function notifyError(err: unknown, title?: string): void {
  const requestId = err instanceof FolioError ? err.requestId : null;
  notifications.show({ color: 'red', title: title ?? 'Error', message: errorMessage(err) + (requestId ? ` — ${requestId}` : ''), autoClose: 8000, closeButtonProps: { 'aria-label': closeLabel() } });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 3000, closeButtonProps: { 'aria-label': closeLabel() } });
}
