/**
 * Where the trigger's notification secret comes from: version 1 the Agora API credential (empty means
 * unverified), version 2 the Agora Notifications credential (verified unless chosen otherwise).
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INode,
	INodeCredentialTestResult,
} from 'n8n-workflow';

const API_CREDENTIAL = 'agoraApi';
const NOTIFICATIONS_CREDENTIAL = 'agoraNotificationsApi';

export function notificationCredentialType(node: Pick<INode, 'typeVersion'>): string {
	return node.typeVersion >= 2 ? NOTIFICATIONS_CREDENTIAL : API_CREDENTIAL;
}

export interface NotificationKey {
	/** The secret notifications are signed with; empty when there is none. */
	secret: string;
	/** Without a secret: start the workflow unverified (true) or refuse the notification (false). */
	acceptUnverified: boolean;
}

export function notificationKeyOf(
	type: string,
	data: ICredentialDataDecryptedObject,
): NotificationKey {
	const secret = typeof data.notificationSecret === 'string' ? data.notificationSecret : '';
	if (type === API_CREDENTIAL) return { secret, acceptUnverified: secret === '' };
	const acceptUnverified = data.verification === 'none';
	return { secret: acceptUnverified ? '' : secret, acceptUnverified };
}

export const NO_SECRET_MESSAGE =
	'The Agora Notifications credential has no notification secret: enter the secret from Agora Console, or choose to accept unverified notifications';

/**
 * The credential test: Agora has no API that checks a notification secret, so the test says what
 * the trigger will do with the credential, and fails when it would refuse every notification.
 */
export async function agoraNotificationsCredentialTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const key = notificationKeyOf(NOTIFICATIONS_CREDENTIAL, credential.data ?? {});
	if (key.acceptUnverified) {
		return { status: 'OK', message: 'Notifications will be accepted without verification' };
	}
	if (key.secret.trim() === '') return { status: 'Error', message: NO_SECRET_MESSAGE };
	return {
		status: 'OK',
		message:
			'Notifications will be verified with this secret; one signed with another secret is refused with 401',
	};
}
