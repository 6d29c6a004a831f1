import { lazy, Suspense } from "react";
import { PageHeader } from "#client/components/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { AddFriendForm } from "./components/add-friend-form.tsx";
import { FriendList, RequestList, SentList } from "./components/people-lists.tsx";
import { useFriendRequests, useFriends, useSentRequests } from "./friends.api.ts";
import { useGroups } from "./groups.api.ts";

// The groups tab (and the form library its Create Group form uses) loads when the tab is opened.
const GroupsTab = lazy(async () => ({ default: (await import("./components/groups-tab.tsx")).GroupsTab }));

/** Friends (SPEC §2.12): add by username, then friends, incoming and sent requests, and study groups. */
export function FriendsPage() {
  const friends = useFriends();
  const requests = useFriendRequests();
  const sent = useSentRequests();
  const groups = useGroups();
  const count = (d?: unknown[]) => d?.length ?? 0;

  return (
    <div className="grid gap-6">
      <PageHeader title="Friends" subtitle="Study together with friends and groups" />
      <AddFriendForm />
      <Tabs defaultValue="friends">
        {/* Four tabs wrap on a phone rather than hide the last one past the edge. */}
        <TabsList aria-label="Friends sections" className="flex-wrap">
          <TabsTrigger value="friends">Friends ({count(friends.data)})</TabsTrigger>
          <TabsTrigger value="requests">Requests ({count(requests.data)})</TabsTrigger>
          <TabsTrigger value="sent">Sent ({count(sent.data)})</TabsTrigger>
          <TabsTrigger value="groups">Study Groups ({count(groups.data)})</TabsTrigger>
        </TabsList>
        <TabsContent value="friends">
          <FriendList state={friends} />
        </TabsContent>
        <TabsContent value="requests">
          <RequestList state={requests} />
        </TabsContent>
        <TabsContent value="sent">
          <SentList state={sent} />
        </TabsContent>
        <TabsContent value="groups">
          <Suspense
            fallback={
              <p role="status" className="text-sm text-muted">
                Loading...
              </p>
            }
          >
            <GroupsTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
