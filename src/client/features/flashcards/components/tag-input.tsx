import { X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Input } from "#client/components/ui/form.tsx";

/** Words typed so far, split as Anki splits tags (white space) and on commas, each once. */
export const splitTags = (text: string) => text.split(/[\s,]+/).filter((t) => t.length > 0);
const merge = (tags: string[], more: string[]) => [...new Set([...tags, ...more])];

/**
 * Tags as chips: typing a comma, a space or Enter turns the word into a chip; Backspace in an empty box
 * takes the last one back; each chip has its own remove button. What is still typed joins on blur.
 */
export function TagInput({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  describedBy?: string | undefined;
}) {
  const [draft, setDraft] = useState("");
  const commit = (text: string) => {
    const more = splitTags(text);
    if (more.length > 0) onChange(merge(value, more));
    setDraft("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === "," || e.key === " ") {
      if (draft.trim()) {
        e.preventDefault();
        commit(draft);
      } else if (e.key !== "Enter") e.preventDefault();
    } else if (e.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {value.map((tag) => (
            <li key={tag} className="ui-badge ui-badge-gray flex items-center gap-1 wrap-anywhere">
              {tag}
              <button
                type="button"
                className="rounded-sm"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        value={draft}
        aria-describedby={describedBy}
        placeholder="Type a tag, then comma or space"
        onChange={(e) => {
          // A pasted 'a, b c' becomes chips at once; a word still being typed stays in the box.
          const text = e.target.value;
          if (/[\s,]/.test(text.slice(0, -1)) || /[\s,]$/.test(text)) commit(text);
          else setDraft(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && commit(draft)}
      />
    </div>
  );
}
