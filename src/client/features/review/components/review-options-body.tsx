import type { ReviewSettings } from "#shared/review/contract.ts";
import { BurySiblingsSetting } from "./bury-siblings-setting.tsx";
import { PersonalFsrsPanel } from "./personal-fsrs-panel.tsx";
import { ReviewSettingsPanel } from "./review-settings.tsx";

/** Review settings, bury siblings and Easy Days, and personal FSRS: the Review options section. */
export default function ReviewOptionsBody({ settings }: { settings: ReviewSettings | undefined }) {
  return (
    <>
      {settings && <ReviewSettingsPanel key={JSON.stringify(settings)} settings={settings} />}
      <BurySiblingsSetting />
      <PersonalFsrsPanel />
    </>
  );
}
