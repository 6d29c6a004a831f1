/**
 * A card's `[sound:name]` where no play button is drawn (a quiz option, a test sheet, results, text inside
 * a button): a mark that says a sound is there, never the raw tag. The one rule for every place a card is
 * shown; CardMediaText draws the play buttons where the set's media can be fetched.
 */
export const SoundMark = () => (
  <span className="mx-1 inline-flex items-center gap-1 rounded border border-border px-1.5 text-sm text-muted">
    <span aria-hidden>🔈</span> sound
  </span>
);

/** The same rule for plain text (a select's option, a label, an answer quoted in a sentence). */
export const SOUND_TEXT = "🔈 sound";
const SOUND_TAGS = /\[sound:[^\]\n]+\]/g;
export const withSoundMarks = (text: string) => text.replace(SOUND_TAGS, SOUND_TEXT);

/** Text and sound tags in turn: even indexes are text, odd ones a tag (String.split with a capture). */
export const soundSplit = (text: string) => text.split(/(\[sound:[^\]\n]+\])/);
