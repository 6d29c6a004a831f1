import type { SummaryStyle } from "#shared/summaries/contract.ts";

export const STYLE_LABELS: Record<SummaryStyle, string> = {
  brief: "Brief",
  detailed: "Detailed",
  bullets: "Bullet points",
};
