import { useSyncExternalStore } from "react";
import { site } from "@/config/site";
import { isLaunchTargetPast } from "@/lib/launch-target";

export type LaunchTarget = {
  /** The configured target ('Q1 2026'). */
  target: string;
  /** Its period is over: show 'opening soon' (OPENING_SOON) instead of the date. */
  past: boolean;
};

const noSubscription = () => () => {};
const pastNow = () => isLaunchTargetPast(site.launchTarget, new Date());
// The prerendered HTML was written at build time: hydration reads the build's answer, so the two
// match, and React re-renders at once with today's when a visit comes after the target ended.
const pastAtBuild = () => (typeof __LAUNCH_PAST_AT_BUILD__ === "boolean" ? __LAUNCH_PAST_AT_BUILD__ : pastNow());

/** The launch target and whether it has passed, today. */
export function useLaunchTarget(): LaunchTarget {
  const past = useSyncExternalStore(noSubscription, pastNow, pastAtBuild);
  return { target: site.launchTarget, past };
}
