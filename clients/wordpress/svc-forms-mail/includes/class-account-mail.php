<?php
/**
 * WordPress's account mail (password reset, new user, email and password
 * change, personal-data requests) marked as such, so that an unsubscribe
 * from the site's other mail cannot stop a password reset.
 *
 * The mark is the header X-SVC-Account-Mail: 1 on the email. In the API mode
 * it becomes mail/send's `account_mail: true` (the header is not passed on);
 * in the SMTP mode the header itself goes to the submission port, which
 * strips it. A service without the extension ignores both.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Marks core's account mail; other plugins use the header or the filter.
 */
final class Account_Mail {

	const HEADER = 'X-SVC-Account-Mail';

	/**
	 * Core filters that hand over the whole email (to, subject, message, headers).
	 */
	const EMAIL_FILTERS = array(
		'retrieve_password_notification_email',
		'wp_new_user_notification_email',
		'wp_new_user_notification_email_admin',
		'password_change_email',
		'email_change_email',
		'wp_password_change_notification_email',
	);

	/**
	 * Core filters of the personal-data emails' headers.
	 */
	const HEADER_FILTERS = array(
		'user_request_action_email_headers',
		'user_request_confirmed_email_headers',
		'wp_privacy_personal_data_email_headers',
		'user_erasure_fulfillment_email_headers',
	);

	/**
	 * Whether the next wp_mail() is account mail (core's "confirm your new
	 * address" email has only a content filter, no headers).
	 *
	 * @var bool
	 */
	private static bool $next = false;

	/**
	 * Registers the filters.
	 */
	public static function register(): void {
		foreach ( self::EMAIL_FILTERS as $hook ) {
			add_filter( $hook, array( self::class, 'mark_email' ), 1000 );
		}
		foreach ( self::HEADER_FILTERS as $hook ) {
			add_filter( $hook, array( self::class, 'mark_headers' ), 1000 );
		}
		add_filter( 'new_user_email_content', array( self::class, 'mark_next' ), 1000 );
		add_filter( 'new_admin_email_content', array( self::class, 'mark_next' ), 1000 );
	}

	/**
	 * Adds the mark to an email array's headers.
	 *
	 * @param mixed $email The filter's array (to, subject, message, headers).
	 * @return mixed
	 */
	public static function mark_email( $email ) {
		if ( is_array( $email ) ) {
			$email['headers'] = self::mark_headers( $email['headers'] ?? '' );
		}
		return $email;
	}

	/**
	 * Adds the mark to wp_mail() headers (a string or an array of lines).
	 *
	 * @param mixed $headers The headers.
	 * @return mixed
	 */
	public static function mark_headers( $headers ) {
		$line = self::HEADER . ': 1';
		if ( is_array( $headers ) ) {
			$headers[] = $line;
			return $headers;
		}
		$headers = (string) $headers;
		return '' === trim( $headers ) ? $line : rtrim( $headers, "\r\n" ) . "\n" . $line;
	}

	/**
	 * Marks the next email (a content filter passes its content through).
	 *
	 * @param mixed $content The email's content.
	 * @return mixed
	 */
	public static function mark_next( $content ) {
		self::$next = true;
		return $content;
	}

	/**
	 * Whether an email is account mail: the header, a core email marked just
	 * before, or the svcfm_account_mail filter. Reading it ends a mark_next().
	 *
	 * @param array<string, string> $custom The email's other headers (name => value).
	 * @param array<string, mixed>  $atts   wp_mail()'s arguments.
	 */
	public static function is_account_mail( array $custom, array $atts ): bool {
		$marked = false;
		foreach ( $custom as $name => $value ) {
			if ( 0 === strcasecmp( (string) $name, self::HEADER ) && '1' === trim( (string) $value ) ) {
				$marked = true;
			}
		}
		$marked     = $marked || self::$next;
		self::$next = false;
		/**
		 * Whether an email is account mail (sent even to an address that
		 * unsubscribed from the site's other mail; no List-Unsubscribe).
		 * WooCommerce's order mail, say, can return true here.
		 *
		 * @param bool                 $marked Whether it is marked so far.
		 * @param array<string, mixed> $atts   wp_mail()'s to, subject, message, headers, attachments.
		 */
		return (bool) apply_filters( 'svcfm_account_mail', $marked, $atts );
	}
}
