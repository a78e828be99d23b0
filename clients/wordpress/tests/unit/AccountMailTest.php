<?php
/**
 * WordPress's account mail is marked (mail/send's account_mail, the SMTP
 * mode's X-SVC-Account-Mail header); other mail is not.
 *
 * @package SvcFormsMail
 */

use PHPMailer\PHPMailer\PHPMailer;
use SvcFormsMail\Account_Mail;
use SvcFormsMail\Mail_Message;
use SvcFormsMail\Smtp_Mode;

final class AccountMailTest extends Svcfm_TestCase {

	public function test_a_password_reset_is_sent_as_account_mail_without_the_header(): void {
		// What retrieve_password() hands to its filter, then to wp_mail().
		$email = Account_Mail::mark_email(
			array(
				'to'      => 'ann@x.example',
				'subject' => '[Shop] Password Reset',
				'message' => 'Someone has requested a password reset',
				'headers' => '',
			)
		);
		$body = Mail_Message::build( $email );
		$this->assertTrue( $body['account_mail'] );
		$this->assertArrayNotHasKey( 'headers', $body, 'the mark is not passed on as a header' );
	}

	public function test_headers_keep_what_they_had(): void {
		$this->assertSame( array( 'Reply-To: r@x.example', 'X-SVC-Account-Mail: 1' ), Account_Mail::mark_headers( array( 'Reply-To: r@x.example' ) ) );
		$this->assertSame( "X-Tag: a\nX-SVC-Account-Mail: 1", Account_Mail::mark_headers( "X-Tag: a\r\n" ) );
		$body = Mail_Message::build( array( 'to' => 'a@x.example', 'message' => 'x', 'headers' => Account_Mail::mark_headers( 'X-Tag: a' ) ) );
		$this->assertSame( array( 'X-Tag' => 'a' ), $body['headers'] );
		$this->assertTrue( $body['account_mail'] );
	}

	public function test_other_mail_is_not_account_mail(): void {
		$body = Mail_Message::build( array( 'to' => 'a@x.example', 'subject' => 'News', 'message' => 'x' ) );
		$this->assertArrayNotHasKey( 'account_mail', $body );
	}

	public function test_the_email_change_confirmation_marks_only_the_next_email(): void {
		Account_Mail::mark_next( 'Confirm your new address ###ADMIN_URL###' );
		$this->assertTrue( Mail_Message::build( array( 'to' => 'a@x.example', 'message' => 'x' ) )['account_mail'] );
		$this->assertArrayNotHasKey( 'account_mail', Mail_Message::build( array( 'to' => 'a@x.example', 'message' => 'y' ) ) );
	}

	public function test_other_plugins_mark_theirs_with_the_filter(): void {
		add_filter( 'svcfm_account_mail', fn( $is, $atts ) => $is || str_starts_with( (string) $atts['subject'], 'Your order' ), 10, 2 );
		$this->assertTrue( Mail_Message::build( array( 'to' => 'a@x.example', 'subject' => 'Your order #42', 'message' => 'x' ) )['account_mail'] );
		$this->assertArrayNotHasKey( 'account_mail', Mail_Message::build( array( 'to' => 'a@x.example', 'subject' => 'Sale!', 'message' => 'x' ) ) );
	}

	public function test_the_smtp_mode_sends_the_header(): void {
		if ( ! class_exists( PHPMailer::class ) ) {
			$this->markTestSkipped( 'WordPress\'s PHPMailer is not installed (Debian package wordpress).' );
		}
		self::configure( array( 'service_url' => 'http://127.0.0.1:8080', 'mail_mode' => 'smtp' ) );
		$m = new PHPMailer( true );
		$m->addAddress( 'ann@x.example' );
		$m->Subject = 'Login Details';
		Account_Mail::mark_next( '' );
		Smtp_Mode::phpmailer_init( $m );
		$this->assertContains( array( 'X-SVC-Account-Mail', '1' ), $m->getCustomHeaders() );
		$other = new PHPMailer( true );
		$other->addAddress( 'ann@x.example' );
		Smtp_Mode::phpmailer_init( $other );
		$this->assertSame( array(), $other->getCustomHeaders() );
	}
}
