import { useEffect } from "react";
import { useLocation } from "wouter";
import { isOwnKey } from "#client/lib/keyboard.ts";

/** The New Task button on the tasks page (its dialog opens on the quick-add line). */
const NEW_TASK_BUTTON = "new-task-button";
const QUICK_ADD_PARAM = "quickadd";

const openNewTask = () => document.getElementById(NEW_TASK_BUTTON)?.click();

/**
 * Quick add from anywhere (issue 26): 'q' when not typing opens the New Task dialog, whose first field is
 * the quick-add line; from another page it goes to Tasks first. Mounted once for the signed-in session.
 */
export function useQuickAddShortcut() {
  const [location, navigate] = useLocation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "q" || e.shiftKey || isOwnKey(e)) return;
      e.preventDefault();
      if (location === "/tasks") openNewTask();
      else navigate(`/tasks?${QUICK_ADD_PARAM}=1`);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [location, navigate]);
}

/** On the tasks page: opens the dialog when the shortcut brought the student here. */
export function useOpenQuickAddFromUrl() {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has(QUICK_ADD_PARAM)) return;
    navigate("/tasks", { replace: true });
    // The button is drawn with the page; one frame later it is in the document.
    requestAnimationFrame(openNewTask);
  }, [navigate]);
}

export const newTaskButtonId = NEW_TASK_BUTTON;
