/**
 * The attribute that marks a protocol card's figures (TVL, yield, risk, minimum and the TVL's
 * source line). The page keeps room at its end for what is fixed at the bottom (the floating join
 * button, the comparison tray), so that at the end of the page none of it rests on these; the e2e
 * spec `fixed-elements.spec.ts` finds the figures by this attribute.
 */
export const CARD_FIGURES_ATTRIBUTE = "data-card-figures";
