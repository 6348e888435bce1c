/**
 * The player's round icon button (control bar, settings menu, cast button): one declaration block,
 * interpolated into each component's own selector (`button { ${iconButton} }`), so the three look
 * alike without sharing a class. Sizes in `em` of the control font size.
 */
import { css } from 'lit';

export const iconButton = css`
  all: unset;
  display: inline-grid;
  place-items: center;
  inline-size: 2.75em;
  block-size: 2.75em;
  border-radius: 0.375em;
  cursor: pointer;
  flex: none;
`;
