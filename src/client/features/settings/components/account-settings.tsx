import { useState } from "react";
import { useForm } from "react-hook-form";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { FormInput } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import { toast } from "#client/lib/toast.tsx";
import type { ChangePasswordInput, DeleteAccountInput, DeviceSession } from "#shared/auth/contract.ts";
import {
  useChangePassword,
  useDeleteAccount,
  useDevices,
  useDownloadData,
  useSignOutDevice,
  useSignOutOtherDevices,
} from "../account.api.ts";

const passwordValidation = lazyZodResolver(
  async () => (await import("#shared/auth/contract.ts")).changePasswordSchema,
);
const deleteValidation = lazyZodResolver(
  async () => (await import("#shared/auth/contract.ts")).deleteAccountSchema,
);

/** Settings → Account (issue 27): password, signed-in devices, download my data, delete my account. */
export function AccountSettings() {
  return (
    <div className="grid gap-4">
      <ChangePassword />
      <Devices />
      <DownloadData />
      <DeleteAccount />
    </div>
  );
}

function ChangePassword() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: passwordValidation.resolver,
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({
          title: "Password changed",
          description: "Your other devices have been signed out.",
          variant: "success",
        });
      },
    }),
  );
  return (
    <Card className="grid gap-3">
      <CardTitle>Change password</CardTitle>
      <CardDescription>Every other device signed in to your account is signed out.</CardDescription>
      <form onSubmit={submit} onFocus={passwordValidation.preload} noValidate className="grid gap-3">
        {change.isError && <Alert>{errorMessage(change.error, "Could not change your password")}</Alert>}
        <FormInput
          form={form}
          name="currentPassword"
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <FormInput
          form={form}
          name="newPassword"
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
        />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Changing..." : "Change password"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function deviceName(d: DeviceSession) {
  const ua = d.userAgent;
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /iPhone|iPad/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return browser && os ? `${browser} on ${os}` : ua.slice(0, 60);
}

function Devices() {
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const others = devices.data?.filter((d) => !d.current).length ?? 0;
  return (
    <Card className="grid gap-3">
      <CardTitle>Signed-in devices</CardTitle>
      <CardDescription>Sign out a device you no longer use or do not recognise.</CardDescription>
      <QueryView
        query={devices}
        pending={<Skeleton className="h-24" />}
        error={(err) => <Alert>Could not load your devices. {errorMessage(err, "")}</Alert>}
      >
        {(list) => (
          <ul className="grid gap-2" aria-label="Signed-in devices">
            {list.map((d) => (
              <li
                key={d.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {deviceName(d)}
                    {d.current && <span className="ml-2 text-xs text-muted">(this device)</span>}
                  </p>
                  <p className="text-xs text-muted">
                    Signed in {when(d.createdAt)} · last active {when(d.lastSeenAt)}
                  </p>
                </div>
                {!d.current && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={signOut.isPending}
                    aria-label={`Sign out ${deviceName(d)}, signed in ${when(d.createdAt)}`}
                    onClick={() =>
                      signOut.mutate(d.id, {
                        onSuccess: () => toast({ title: "Device signed out", variant: "success" }),
                      })
                    }
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {others > 0 && (
        <div>
          <Button
            variant="secondary"
            disabled={signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: () => toast({ title: "Other devices signed out", variant: "success" }),
              })
            }
          >
            Sign out all other devices
          </Button>
        </div>
      )}
    </Card>
  );
}

function DownloadData() {
  const download = useDownloadData();
  return (
    <Card className="grid gap-3">
      <CardTitle>Download my data</CardTitle>
      <CardDescription>
        A ZIP file with everything of yours: tasks, events, courses, study sets, cards with their review
        history, study sessions, achievements, chat, summaries and the text of your documents.
      </CardDescription>
      {download.isError && <Alert>{errorMessage(download.error, "Could not prepare your data")}</Alert>}
      <div>
        <Button
          variant="secondary"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: (name) => toast({ title: "Download ready", description: name, variant: "success" }),
            })
          }
        >
          {download.isPending ? "Preparing..." : "Download my data"}
        </Button>
      </div>
    </Card>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    resolver: deleteValidation.resolver,
    defaultValues: { password: "" },
  });
  const submit = form.handleSubmit((values) => remove.mutate(values));
  return (
    <Card className="grid gap-3 border-red-300 dark:border-red-800">
      <CardTitle>Delete my account</CardTitle>
      <CardDescription>
        Deletes your account and everything in it, for good: your data, shared links, group memberships,
        friendships and the groups you created. Download your data first if you want to keep it.
      </CardDescription>
      {!open ? (
        <div>
          <Button variant="destructive" onClick={() => setOpen(true)}>
            Delete my account...
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} onFocus={deleteValidation.preload} noValidate className="grid gap-3">
          {remove.isError && <Alert>{errorMessage(remove.error, "Could not delete your account")}</Alert>}
          <FormInput
            form={form}
            name="password"
            id="delete-password"
            label="Your password, to confirm"
            type="password"
            autoComplete="current-password"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete my account for good"}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
