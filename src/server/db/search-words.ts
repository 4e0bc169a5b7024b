/** The words of a search box's text, as both databases' full-text search read them: letters and digits, lower-cased, at most 8. */
export function searchWords(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, 8);
}
