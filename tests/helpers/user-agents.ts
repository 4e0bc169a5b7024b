/** A desktop Chrome's user agent: the page-view and activity counters take headless Chromium's requests for a bot's. */
export const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
