import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

type InputProps = ComponentProps<"input"> & {
  /** `lg`: 44 px high (the waitlist's e-mail); 40 px otherwise. */
  fieldSize?: "default" | "lg";
  /** false: the className gives the width (w-40); the field fills its box otherwise. */
  fullWidth?: boolean;
};

// Height and width are props, not className overrides: `cn` merges nothing
// (docs/decisions/021-class-names-without-merging.md).
export function Input({ className, type = "text", fieldSize = "default", fullWidth = true, ...props }: InputProps) {
  return (
    <input
      type={type}
      className={cn(
        "flex rounded-md border border-border bg-surface px-3 py-2 text-base text-foreground placeholder:text-placeholder focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 md:text-sm",
        fieldSize === "lg" ? "h-11" : "h-10",
        fullWidth && "w-full",
        className,
      )}
      {...props}
    />
  );
}
