/**
 * Formats Strapi checks beyond a value's type: an email address (yup's rule: a dot-atom or
 * quoted local part, and a domain of labels ending in a label that starts and ends with a
 * letter), and the dates and times its database layer parses before it writes them. Those come
 * only once every other rule passed, as one error without a path; the validators report them on
 * their field.
 */

let email: RegExp | undefined;

/**
 * yup's email rule, built on first use (a module-level pattern would stay in every bundle of
 * the client): letters beyond ASCII count wherever it takes a letter.
 */
function emailPattern(): RegExp {
  const wide = '\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF';
  const atom = `[a-z\\d!#$%&'*+\\-/=?^_\`{|}~${wide}]+`;
  const quoted = `"(?:[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f\\x21\\x23-\\x5b\\x5d-\\x7e ${wide}\\t]|\\\\[\\x01-\\x09\\x0b\\x0c\\x0d-\\x7f${wide}])*"`;
  const label = `[a-z\\d${wide}](?:[a-z\\d\\-._~${wide}]*[a-z\\d${wide}])?`;
  const top = `[a-z${wide}](?:[a-z\\d\\-._~${wide}]*[a-z${wide}])?`;
  email ??= new RegExp(`^(?:${atom}(?:\\.${atom})*|${quoted})@(?:${label}\\.)+${top}$`, 'i');
  return email;
}

/** Whether `value` is an email address as yup 0.32 (and so Strapi) accepts it. */
export const isEmail = (value: string): boolean => emailPattern().test(value);

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) => (month === 1 && leap(year) ? 29 : (DAYS[month] ?? 31));

/** A `date`: a string that starts with a real `yyyy-MM-dd` (Strapi keeps those ten characters). */
export function dateProblem(value: unknown): string | undefined {
  const found =
    typeof value === 'string' ? /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])/.exec(value) : null;
  if (!found) return 'Invalid format, expected yyyy-MM-dd';
  return Number(found[3]) <= daysIn(Number(found[1]), Number(found[2]) - 1) ? undefined : 'Invalid date';
}

/** A `time`: `HH:mm:ss` with up to three digits of fraction. */
export function timeProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `Expected a string, got a ${typeof value}`;
  return /^(2[0-3]|[01]\d):[0-5]\d:[0-5]\d(\.\d{1,3})?$/.test(value)
    ? undefined
    : 'Invalid time format, expected HH:mm:ss.SSS';
}

/** A `datetime` or `timestamp`: an ISO 8601 date (and time), or milliseconds since 1970. */
export function dateTimeProblem(value: unknown): string | undefined {
  const text = String(value);
  return isIsoDate(text) || isMilliseconds(text)
    ? undefined
    : 'Invalid format, expected a timestamp or an ISO date';
}

/** Milliseconds since 1970 as digits (an optional sign, trailing blanks allowed) within a Date's range. */
function isMilliseconds(text: string): boolean {
  const found = /^-?\d+(?=\s*$)/.exec(text);
  return found !== null && Math.abs(Number(found[0])) <= 8.64e15;
}

/**
 * Whether `text` is an ISO 8601 date as date-fns' `parseISO` reads it: a date (`yyyy`,
 * `yyyy-MM`, `yyyy-MM-dd`, `yyyyMMdd`, `yyyy-DDD`, `yyyy-Www-D`, or a six-digit signed year),
 * then optionally `T` or a space and a time (`HH`, `HH:mm`, `HH:mm:ss`, each part with a
 * fraction, colons optional) and a zone (`Z`, `±HH`, `±HH:mm`).
 */
export function isIsoDate(text: string): boolean {
  const parts = text.split(/[T ]/);
  let date = parts[0] ?? '';
  if (parts.length > 2 || /:/.test(date)) return false;
  let time = parts[1];
  if (/z/i.test(date)) {
    date = text.split(/z/i)[0] ?? '';
    time = text.slice(date.length);
  }
  const year = /^(?:(\d{4}|[+-]\d{6})|(\d{2}|[+-]\d{4})$)/.exec(date);
  if (!year) return false;
  const rest = date.slice((year[1] ?? year[2] ?? '').length);
  if (year[2] !== undefined && rest !== '') return false;
  if (!(year[1] !== undefined ? validDate(Number(year[1]), rest) : rest === '')) return false;
  if (time === undefined) return true;
  const zone = /([Z+-].*)$/.exec(time);
  const clock = zone ? time.slice(0, zone.index) : time;
  return validTime(clock) && (zone === null || validZone(zone[1] ?? ''));
}

/** The part of a date after its year. */
function validDate(year: number, rest: string): boolean {
  const found = /^-?(?:(\d{3})|(\d{2})(?:-?(\d{2}))?|W(\d{2})(?:-?(\d))?|)$/.exec(rest);
  if (!found) return false;
  const [, ordinal, month, day, week, weekDay] = found;
  if (week !== undefined) {
    const dayOfWeek = (weekDay === undefined ? 1 : Number(weekDay)) - 1;
    return Number(week) >= 1 && Number(week) <= 53 && dayOfWeek >= 0 && dayOfWeek <= 6;
  }
  if (ordinal !== undefined) return Number(ordinal) >= 1 && Number(ordinal) <= (leap(year) ? 366 : 365);
  const monthIndex = month === undefined ? 0 : Number(month) - 1;
  const dayOfMonth = day === undefined ? 1 : Number(day);
  return monthIndex >= 0 && monthIndex <= 11 && dayOfMonth >= 1 && dayOfMonth <= daysIn(year, monthIndex);
}

/** A time of day; `24:00:00` included. */
function validTime(clock: string): boolean {
  if (clock === '') return true;
  const found = /^(\d{2}(?:[.,]\d*)?)(?::?(\d{2}(?:[.,]\d*)?))?(?::?(\d{2}(?:[.,]\d*)?))?$/.exec(clock);
  if (!found) return false;
  const unit = (part: string | undefined) =>
    part === undefined ? 0 : Number.parseFloat(part.replace(',', '.'));
  const [hours, minutes, seconds] = [unit(found[1]), unit(found[2]), unit(found[3])];
  if (hours === 24) return minutes === 0 && seconds === 0;
  return seconds >= 0 && seconds < 60 && minutes >= 0 && minutes < 60 && hours >= 0 && hours < 25;
}

/** A zone: `Z`, `±HH`, `±HHmm`, `±HH:mm`. */
function validZone(zone: string): boolean {
  if (zone === 'Z') return true;
  const found = /^[+-](\d{2})(?::?(\d{2}))?$/.exec(zone);
  return found !== null && (found[2] === undefined || Number(found[2]) <= 59);
}
