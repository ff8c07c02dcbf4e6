import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { latestMail, PASSWORD, uniqueEmail } from './support';

/**
 * A colleague invited to the owner's company and joined through the API, as a member: the team page's
 * invitation has its own specs, the specs of what a member does need only the member.
 */
export async function addTeammate(
  request: APIRequestContext,
  ownerToken: string,
  name: { firstname: string; lastname: string } = { firstname: 'Sam', lastname: 'Okafor' },
) {
  const email = uniqueEmail('teammate');
  const invited = await request.post('/api/v1/team/invite', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { email, role: 'member', firstname: name.firstname },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const link = new URL((await latestMail(request, email, 'colleague-invite')).link ?? '');
  const joined = await request.post('/api/v1/colleague/create', {
    data: {
      uuid: link.searchParams.get('uuid'),
      coid: link.searchParams.get('coid'),
      ...name,
      email,
      password: PASSWORD,
    },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return email;
}
