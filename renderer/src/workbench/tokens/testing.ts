import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** In the workshop's mint tab: types the subject and presses Mint, as a user does. */
export async function mintInWorkshop(user: UserEvent, sub: string): Promise<void> {
  await user.click(await screen.findByTestId('tab-mint'));
  const field = await screen.findByTestId('mint-sub');
  await user.clear(field);
  await user.type(field, sub);
  await user.click(screen.getByTestId('mint-submit'));
}
