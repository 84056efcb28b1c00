import { defineMessages } from '../../app/i18n.tsx';
import { en } from './messages.en.ts';
import { fr } from './messages.fr.ts';
import { he } from './messages.he.ts';

/** Every string of the studio pages, in English, French and Hebrew (one file each). */
export const m = defineMessages({ en, fr, he });
