/**
 * How much of an email the mail judgement reads: a bounded head and a bounded
 * tail of the text and of the HTML, so that scoring one message costs the
 * same fraction of a millisecond whatever its size or shape (the model, the
 * phishing signals and the content rules each scan what they read a few
 * times, about 30 to 80 µs per 1,000 characters). Not the head alone: a
 * spammer can pad a pitch with innocent text, before it or after it, and
 * mass mail puts its opt-out and its claims at the end, lists and
 * correspondence their footers there too; the middle of a long message is
 * the part that says least. The model's words read 3,000 characters of this
 * view (text_features.ts's MAX_BODY): the subject, the body's start and its
 * last WORDS_TAIL characters.
 */

/** Characters of a text body read from its start, and from its end. */
export const TEXT_HEAD = 2_000;
export const TEXT_TAIL = 1_000;
/** Of the 3,000 characters the model's words read, those from the end of the body. */
export const WORDS_TAIL = 1_000;
/** Characters of an HTML part read from its start (styles, the first links) and its end (the footer). */
export const HTML_HEAD = 6_000;
export const HTML_TAIL = 2_000;

/**
 * Links judged one by one (each costs a host lookup and a dozen facts): the
 * first and the last of those the bounded text and HTML show.
 */
export const LINKS_HEAD = 20;
export const LINKS_TAIL = 10;

/** The first `head` and the last `tail` items of a list. */
export function endsOf<T>(xs: T[], head: number, tail: number): T[] {
  return xs.length <= head + tail ? xs : [...xs.slice(0, head), ...xs.slice(xs.length - tail)];
}

/**
 * The first `head` and the last `tail` characters of `s`, on two sides of a
 * line break; `s` itself when it is no longer than that. Applying it again
 * gives the same string, so each judge may bound what it is given.
 */
export function headAndTail(s: string, head: number, tail: number): string {
  if (s.length <= head + tail + 1) return s;
  return s.slice(0, head) + "\n" + s.slice(s.length - tail);
}

/**
 * The same for HTML, cut between tags where one is near: the head ends before
 * the last `<` of its last 500 characters and the tail starts at the first `<`
 * of its first 500, so that no tag is cut in two (a tag cut open would swallow
 * the text after the cut).
 */
export function htmlHeadAndTail(html: string): string {
  if (html.length <= HTML_HEAD + HTML_TAIL + 1) return html;
  let end = html.lastIndexOf("<", HTML_HEAD - 1);
  if (end < HTML_HEAD - 500) end = HTML_HEAD;
  let start = html.indexOf("<", html.length - HTML_TAIL);
  if (start < 0 || start > html.length - HTML_TAIL + 500) start = html.length - HTML_TAIL;
  return html.slice(0, end) + "\n" + html.slice(start);
}

/** The text body as the judgement reads it. */
export function textView(text: string): string {
  return headAndTail(text, TEXT_HEAD, TEXT_TAIL);
}
