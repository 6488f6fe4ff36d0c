/** "Enviar teste para mim": this week's digest to the signed-in super_admin (POST /portal/newsletter/digest/test). */
import { useMutation } from '@tanstack/react-query';
import { customEndpoint, directus } from '../../../lib/directus.ts';

export const sendDigestTest = () => directus.request(customEndpoint<{ message: string }>({ path: '/portal/newsletter/digest/test', method: 'POST', body: '{}' }));

export function useSendDigestTest() {
  return useMutation({ mutationFn: sendDigestTest });
}
