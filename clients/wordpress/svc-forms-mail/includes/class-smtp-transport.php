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
	 */
	public function __construct() {
		$this->smtp_transaction_id_patterns = array( 'svc_forms_mail' => '/^250 2\.0\.0 Accepted (<[^>\s]+>|\(held_as_spam\))/m' ) + $this->smtp_transaction_id_patterns;
	}
}
