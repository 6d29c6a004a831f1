import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Input, Label } from "#client/components/ui/form.tsx";
import { Switch } from "#client/components/ui/switch.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { SHARE_LINK_MAX_DAYS, type ShareSettings } from "#shared/achievements/contract.ts";
import { useCreateShareLink } from "../achievements.api.ts";
import { ShareProgressButton } from "./share-button.tsx";

const TOGGLES: Array<{ key: keyof ShareSettings; label: string }> = [
  { key: "achievements", label: "Achievements" },
  { key: "studyTime", label: "Study Time" },
  { key: "streak", label: "Study Streak" },
  { key: "level", label: "Level" },
];

/** SPEC §2.9 'Share Progress': four toggles, then a link to copy (valid 7 days). */
export function ShareDialog({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const [settings, setSettings] = useState<ShareSettings>({
    achievements: true,
    studyTime: true,
    streak: true,
    level: true,
  });
  const [url, setUrl] = useState<string | null>(null);
  const create = useCreateShareLink();
  const id = useId();

  const submit = () =>
    create.mutate(settings, {
      onSuccess: ({ shareCode }) => {
        setUrl(`${window.location.origin}/share/${shareCode}`);
        toast({ title: "Shareable link created!", variant: "success" });
      },
    });

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Copied to clipboard!", variant: "success" });
    } catch {
      toast({
        title: "Failed to copy",
        description: "Please copy the link manually.",
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setUrl(null);
          create.reset();
        }
      }}
      title="Share Progress"
      description={`Choose what to share. The link works for ${SHARE_LINK_MAX_DAYS} days.`}
      trigger={<ShareProgressButton />}
    >
      <div className="grid gap-3">
        {TOGGLES.map((t) => (
          <div key={t.key} className="flex items-center justify-between gap-3">
            <Label htmlFor={`${id}-${t.key}`}>{t.label}</Label>
            <Switch
              id={`${id}-${t.key}`}
              checked={settings[t.key]}
              onCheckedChange={(checked) => setSettings((s) => ({ ...s, [t.key]: checked }))}
            />
          </div>
        ))}
      </div>
      {create.isError && <Alert>{errorMessage(create.error)}</Alert>}
      {url ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-url`}>Shareable link</Label>
          <div className="flex min-w-0 flex-wrap gap-2">
            <Input id={`${id}-url`} readOnly value={url} className="min-w-0 flex-1" />
            <Button variant="secondary" onClick={copy}>
              Copy
            </Button>
          </div>
        </div>
      ) : (
        <Button onClick={submit} disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create Link"}
        </Button>
      )}
    </Dialog>
  );
}
