import { ApiError } from './api-error.ts';

/**
 * `application/json`, alone or with `charset=utf-8` (JSON is UTF-8, RFC 8259): the one label this API
 * reads a JSON body under. Not `+json` types, not other parameters.
 */
const JSON_CONTENT_TYPE = /^application\/json(?:[ \t]*;[ \t]*charset=(?:utf-8|"utf-8"))?$/i;

/**
 * Refuses with 415 a body that does not say it is JSON. Read as anything else (a form, text, no type at
 * all), it would be parsed as `{}` and every field would take its default, so a request could do what
 * it never said.
 */
export function requireJsonContentType(contentType: string | undefined): void {
  if (contentType !== undefined && JSON_CONTENT_TYPE.test(contentType)) return;
  const sent = contentType ? `it was sent as ${contentType.slice(0, 100)}` : 'it was sent without a Content-Type';
  throw new ApiError(415, 'unsupported_media_type', `This request takes a JSON body with Content-Type: application/json; ${sent}.`);
}
