/**
 * Values of datetime-local inputs. Staff type and read the newsroom's time
 * (America/Belem) whatever the browser's zone: the policy lives in
 * @portal/domain/dates.
 */
import { fromBelemInput, toBelemInput } from '@portal/domain/dates';

export const toLocalInput = (iso: string | null | undefined): string => toBelemInput(iso);

/** Blank stays null (e.g. "publish immediately"). */
export const fromLocalInput = (value: string): string | null => fromBelemInput(value);
