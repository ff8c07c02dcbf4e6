/** The data of an answer, or an error with `text` (SPEC section 8's wording) and the API's reason as cause. */
export async function dataOr<T>(
  request: Promise<{ success: boolean; data: T | null; message: string }>,
  text: string,
): Promise<T> {
  const answer = await request;
  if (!answer.success || answer.data === null) throw new Error(text, { cause: { message: answer.message } });
  return answer.data;
}
