<?php
/**
 * Unit-test bootstrap: the few WordPress functions the plugin's classes call,
 * as small stand-ins with WordPress's behaviour, then the plugin's classes.
 * The real WordPress runs in the end-to-end test (deno task test:wordpress).
 *
 * @package SvcFormsMail
 */

error_reporting( E_ALL );

define( 'ABSPATH', __DIR__ . '/' );
define( 'WEEK_IN_SECONDS', 604800 );
define( 'SVCFM_VERSION', '1.0.0' );
define( 'DAY_IN_SECONDS', 86400 );
define( 'SVCFM_FILE', dirname( __DIR__ ) . '/svc-forms-mail/svc-forms-mail.php' );
define( 'SVCFM_DIR', dirname( __DIR__ ) . '/svc-forms-mail' );

/** State of the stand-ins, reset by Svcfm_TestCase::setUp(). */
final class WP_Stub {
	public static array $options    = array();
	public static array $transients = array();
	public static array $filters    = array();
	public static array $actions    = array();
	/** @var array<int, array{0: string, 1: array}> Requests sent with wp_remote_request. */
	public static array $requests = array();
	/** @var array<int, mixed> Answers wp_remote_request returns, in order. */
	public static array $responses = array();
	public static array $scheduled = array();
	public static array $loopbacks = array();
	public static bool $can        = true;

	public static function reset(): void {
		self::$options    = array();
		self::$transients = array();
		self::$filters    = array();
		self::$actions    = array();
		self::$requests   = array();
		self::$responses  = array();
		self::$scheduled  = array();
		self::$loopbacks  = array();
		self::$can        = true;
		$GLOBALS['wpdb']  = new WPDB_Stub();
		unset( $GLOBALS['phpmailer'] );
	}
}

/** $wpdb for the mail log and the queue: rows kept in arrays. */
final class WPDB_Stub {
	public string $prefix    = 'wp_';
	public string $options   = 'wp_options';
	public int $insert_id    = 0;
	public array $tables     = array();
	public function insert( $table, $data ) {
		$this->insert_id++;
		$this->tables[ $table ][ $this->insert_id ] = (object) ( array( 'id' => $this->insert_id ) + $data );
		return 1;
	}
	public function update( $table, $data, $where ) {
		foreach ( $data as $k => $v ) {
			$this->tables[ $table ][ $where['id'] ]->$k = $v;
		}
		return 1;
	}
	public function delete( $table, $where ) {
		unset( $this->tables[ $table ][ $where['id'] ] );
		return 1;
	}
	public function prepare( $query, ...$args ) {
		return vsprintf( str_replace( array( '%s', '%d' ), array( "'%s'", '%d' ), $query ), $args );
	}
	public function query( $q ) {
		return 0;
	}
	public function get_results( $q ) {
		$table = preg_match( '/FROM (\w+)/', $q, $m ) ? $m[1] : '';
		$rows  = array_values( $this->tables[ $table ] ?? array() );
		foreach ( array( 'pending', 'failed' ) as $status ) {
			if ( str_contains( $q, "status = '$status'" ) ) {
				$rows = array_values( array_filter( $rows, static fn( $r ) => $status === $r->status ) );
			}
		}
		return str_contains( $q, 'DESC' ) ? array_reverse( $rows ) : $rows;
	}
	public function get_row( $q ) {
		$table = preg_match( '/FROM (\w+)/', $q, $m ) ? $m[1] : '';
		$id    = preg_match( '/WHERE id = (\d+)/', $q, $m ) ? (int) $m[1] : 0;
		return $this->tables[ $table ][ $id ] ?? null;
	}
	public function get_var( $q ) {
		return count( $this->get_results( $q ) );
	}
	public function get_charset_collate() {
		return '';
	}
}

class WP_Error {
	public function __construct( public $code = '', public $message = '', public $data = '' ) {}
	public function get_error_message() {
		return $this->message;
	}
	public function get_error_data() {
		return $this->data;
	}
}

function __( $text, $domain = 'default' ) {
	return $text;
}
function esc_html__( $text, $domain = 'default' ) {
	return esc_html( $text );
}
function esc_attr__( $text, $domain = 'default' ) {
	return esc_attr( $text );
}
function _n( $single, $plural, $number, $domain = 'default' ) {
	return 1 === $number ? $single : $plural;
}
function esc_html( $text ) {
	return htmlspecialchars( (string) $text, ENT_QUOTES, 'UTF-8' );
}
function esc_attr( $text ) {
	return htmlspecialchars( (string) $text, ENT_QUOTES, 'UTF-8' );
}
function esc_textarea( $text ) {
	return htmlspecialchars( (string) $text, ENT_QUOTES, 'UTF-8' );
}
function esc_url( $url ) {
	return preg_match( '#^(https?:)?//#i', (string) $url ) || str_starts_with( (string) $url, '/' ) ? htmlspecialchars( (string) $url, ENT_QUOTES ) : '';
}
function esc_url_raw( $url ) {
	return (string) $url;
}
function sanitize_text_field( $s ) {
	return trim( preg_replace( '/[\r\n\t ]+/', ' ', strip_tags( (string) $s ) ) );
}
function sanitize_textarea_field( $s ) {
	return trim( strip_tags( (string) $s ) );
}
function sanitize_key( $s ) {
	return preg_replace( '/[^a-z0-9_\-]/', '', strtolower( (string) $s ) );
}
function sanitize_html_class( $s ) {
	return preg_replace( '/[^A-Za-z0-9_-]/', '', (string) $s );
}
function sanitize_email( $s ) {
	return is_email( trim( (string) $s ) ) ? trim( (string) $s ) : '';
}
function is_email( $s ) {
	// WordPress's is_email() wants a dot in the domain.
	return (bool) preg_match( '/^[^@\s]+@[^@\s]+\.[^@\s]+$/', (string) $s ) ? $s : false;
}
function absint( $n ) {
	return abs( (int) $n );
}
function wp_kses_post( $s ) {
	return (string) $s;
}
function wp_unslash( $v ) {
	return $v;
}
function remove_accents( $s ) {
	return (string) $s;
}
function wp_json_encode( $data, $flags = 0 ) {
	return json_encode( $data, $flags );
}
function wp_parse_url( $url, $component = -1 ) {
	return parse_url( $url, $component );
}
function wp_normalize_path( $p ) {
	return str_replace( '\\', '/', (string) $p );
}
function add_filter( $hook, $cb, $priority = 10, $args = 1 ) {
	WP_Stub::$filters[ $hook ][] = $cb;
	return true;
}
function add_action( $hook, $cb, $priority = 10, $args = 1 ) {
	WP_Stub::$actions[ $hook ][] = $cb;
	return true;
}
function apply_filters( $hook, $value, ...$args ) {
	foreach ( WP_Stub::$filters[ $hook ] ?? array() as $cb ) {
		$value = $cb( $value, ...$args );
	}
	return $value;
}
function do_action( $hook, ...$args ) {
	foreach ( WP_Stub::$actions[ $hook ] ?? array() as $cb ) {
		$cb( ...$args );
	}
}
function get_option( $name, $default = false ) {
	return WP_Stub::$options[ $name ] ?? $default;
}
function update_option( $name, $value, $autoload = null ) {
	WP_Stub::$options[ $name ] = $value;
	return true;
}
function add_option( $name, $value = '', $deprecated = '', $autoload = 'yes' ) {
	WP_Stub::$options[ $name ] ??= $value;
	return true;
}
function delete_option( $name ) {
	unset( WP_Stub::$options[ $name ] );
	return true;
}
function get_transient( $name ) {
	return WP_Stub::$transients[ $name ] ?? false;
}
function set_transient( $name, $value, $ttl = 0 ) {
	WP_Stub::$transients[ $name ] = $value;
	return true;
}
function delete_transient( $name ) {
	unset( WP_Stub::$transients[ $name ] );
	return true;
}
function home_url( $path = '' ) {
	return 'https://shop.example' . $path;
}
function network_home_url( $path = '' ) {
	return 'https://www.shop.example/' . ltrim( $path, '/' );
}
function admin_url( $path = '' ) {
	return 'https://shop.example/wp-admin/' . $path;
}
function get_bloginfo( $what = '' ) {
	return 'version' === $what ? '6.1.9' : 'Shop';
}
function is_wp_error( $thing ) {
	return $thing instanceof WP_Error;
}
function wp_remote_request( $url, $args ) {
	WP_Stub::$requests[] = array( $url, $args );
	$next = array_shift( WP_Stub::$responses );
	return $next ?? new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );
}
function is_ssl() {
	return false;
}
/** wp_die() ends the request: here an exception the test catches. */
class WP_Die_Stub extends Exception {}
function wp_die( $message = '', $title = '', $args = array() ) {
	throw new WP_Die_Stub( (string) $message );
}
/** Non-blocking loopback requests (the background form refresh). */
function wp_remote_post( $url, $args ) {
	if ( is_string( $args['body'] ?? null ) ) {
		parse_str( $args['body'], $fields );
		$args['body'] = $fields;
	}
	WP_Stub::$loopbacks[] = array( $url, $args );
	return array( 'response' => array( 'code' => 200 ) );
}
function add_query_arg( $key, $value, $url ) {
	return $url . ( str_contains( $url, '?' ) ? '&' : '?' ) . $key . '=' . $value;
}
function wp_check_filetype( $filename ) {
	$types = array(
		'txt' => 'text/plain',
		'pdf' => 'application/pdf',
	);
	$ext   = strtolower( pathinfo( $filename, PATHINFO_EXTENSION ) );
	return array(
		'ext'  => $ext,
		'type' => $types[ $ext ] ?? false,
	);
}
function wp_salt( $scheme = 'auth' ) {
	return 'unit-test-salt-' . $scheme;
}
function shortcode_atts( $pairs, $atts, $shortcode = '' ) {
	$out = array();
	foreach ( $pairs as $name => $default ) {
		$out[ $name ] = array_key_exists( $name, $atts ) ? $atts[ $name ] : $default;
	}
	return $out;
}
function current_user_can( $cap ) {
	return WP_Stub::$can;
}
function wp_nonce_field( $action, $name, $referer = true, $echo = true ) {
	return '<input type="hidden" name="' . $name . '" value="nonce-' . $action . '" />';
}
function wp_date( $format, $ts ) {
	return gmdate( 'Y-m-d H:i', $ts );
}
function wp_schedule_single_event( $ts, $hook ) {
	WP_Stub::$scheduled[] = array( $ts, $hook );
	return true;
}
function wp_next_scheduled( $hook ) {
	return false;
}
function wp_schedule_event( $ts, $recurrence, $hook ) {
	WP_Stub::$scheduled[] = array( $ts, $hook, $recurrence );
	return true;
}

// WordPress's bundled PHPMailer (Debian's wordpress package), for the SMTP mode's tests.
define( 'SVCFM_TEST_PHPMAILER', '/usr/share/wordpress/wp-includes/PHPMailer' );
if ( is_dir( SVCFM_TEST_PHPMAILER ) ) {
	require_once SVCFM_TEST_PHPMAILER . '/PHPMailer.php';
	require_once SVCFM_TEST_PHPMAILER . '/SMTP.php';
	require_once SVCFM_TEST_PHPMAILER . '/Exception.php';
}

require_once SVCFM_DIR . '/includes/autoload.php';

/** Base class: fresh stand-ins for every test. */
abstract class Svcfm_TestCase extends \PHPUnit\Framework\TestCase {
	protected function setUp(): void {
		WP_Stub::reset();
	}

	/** A wp_remote_request answer. */
	protected static function answer( int $status, array $body, array $headers = array() ): array {
		return array(
			'response' => array( 'code' => $status ),
			'headers'  => $headers,
			'body'     => json_encode( $body ),
		);
	}

	/** Settings of a connected site. */
	protected static function configure( array $more = array() ): void {
		update_option( 'svcfm_settings', array_merge( array( 'service_url' => 'https://svc.example', 'api_key' => 'svc_live_abcdefghijklmnop' ), $more ) );
	}
}
