import { v7 as uuidv7, validate, version } from 'uuid';

/** Time-ordered uuid (v7) for every resource the interface identifies by uuid. */
export function newId(): string {
  return uuidv7();
}

/** True for any well-formed uuid; path ids that fail this are simply not found. */
export function isUuid(value: string): boolean {
  return validate(value) && version(value) >= 1;
}
