<?php
/**
 * PHPMailer's SMTP client, taught the service's answer to DATA so that the
 * message id ("250 2.0.0 Accepted <id> mode=relay") or "(held_as_spam)" can
 * be read with getLastTransactionID(). Loaded by Smtp_Mode only once
 * WordPress has loaded PHPMailer.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * PHPMailer\PHPMailer\SMTP with one more transaction-id pattern.
 */
class Smtp_Transport extends \PHPMailer\PHPMailer\SMTP {

	/**
	 * The service's pattern first, then PHPMailer's own.
	 *
	 * @var array<string, string>
	 */
	protected $smtp_transaction_id_patterns = array(
		'svc_forms_mail'  => '/^250 2\.0\.0 Accepted (<[^>\s]+>|\(held_as_spam\))/m',
		'exim'            => '/[\d]{3} OK id=(.*)/',
		'sendmail'        => '/[\d]{3} 2.0.0 (.*) Message/',
		'postfix'         => '/[\d]{3} 2.0.0 Ok: queued as (.*)/',
		'Microsoft_ESMTP' => '/[0-9]{3} 2.[\d].0 (.*)@(?:.*) Queued mail for delivery/',
		'Amazon_SES'      => '/[\d]{3} Ok (.*)/',
		'SendGrid'        => '/[\d]{3} Ok: queued as (.*)/',
		'CampaignMonitor' => '/[\d]{3} 2.0.0 OK:([a-zA-Z\d]{48})/',
		'Haraka'          => '/[\d]{3} Message Queued \((.*)\)/',
		'Mailjet'         => '/[\d]{3} OK queued as (.*)/',
	);
}
