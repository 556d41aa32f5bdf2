/** What the router gives a screen (its own module, so screens never import the table that lists them). */
export interface ScreenProps {
  /** Values of the `:name` segments of the screen's path. */
  params: Record<string, string>
}
