/** The media type of a Content-Type header, lower-cased and without parameters; undefined when there is none. */
export function mediaType(header: string | undefined): string | undefined {
  const type = header?.split(';', 1)[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}
