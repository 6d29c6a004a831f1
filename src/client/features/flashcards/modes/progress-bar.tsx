/** A labelled progress bar (the share done, 0-100). */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-border"
    >
      <div className="h-full bg-accent-strong transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
