;; Veney's oriented rook (2.0.23): it faces one of the directions named n, e, s and w (its
;; first attribute: the direction's number on the board), slides only that way — taking
;; an opposing piece where it stops — and, landing, faces any of the four again. Each
;; destination is answered four times, a move followed by a set (kind 6) of attribute 0.
;; ABI version 1 (docs/plugins.md): the view at 1024, the answers at 65536 (the second page).
(module
  (memory (export "memory") 2)
  (global $names (mut i32) (i32.const 0))

  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param $len i32) (result i32) (i32.const 1024))

  (func $w (param $i i32) (result i32)
    (i32.load (i32.add (i32.const 1024) (i32.shl (local.get $i) (i32.const 2)))))

  (func $put (param $kind i32) (param $a i32) (param $b i32)
    (local $n i32) (local $at i32)
    (local.set $n (i32.load (i32.const 65536)))
    (local.set $at (i32.add (i32.const 65540) (i32.mul (local.get $n) (i32.const 20))))
    (i32.store (local.get $at) (local.get $kind))
    (i32.store offset=4 (local.get $at) (local.get $a))
    (i32.store offset=8 (local.get $at) (local.get $b))
    (i32.store offset=12 (local.get $at) (i32.const 0))
    (i32.store offset=16 (local.get $at) (i32.const 0))
    (i32.store (i32.const 65536) (i32.add (local.get $n) (i32.const 1))))

  ;; Whether direction $d is named n, e, s or w.
  (func $orthogonal (param $d i32) (result i32)
    (local $name i32)
    (local.set $name (call $w (i32.add (global.get $names) (i32.shl (local.get $d) (i32.const 1)))))
    (i32.or
      (i32.or (i32.eq (local.get $name) (i32.const 0x6e)) (i32.eq (local.get $name) (i32.const 0x65)))
      (i32.or (i32.eq (local.get $name) (i32.const 0x73)) (i32.eq (local.get $name) (i32.const 0x77)))))

  ;; A destination, once for each way the piece may face after it.
  (func $land (param $kind i32) (param $c i32) (param $dirs i32)
    (local $e i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_s (local.get $e) (local.get $dirs)))
        (if (call $orthogonal (local.get $e))
          (then
            (call $put (local.get $kind) (local.get $c) (i32.const 0))
            (call $put (i32.const 6) (i32.const 0) (local.get $e))))
        (local.set $e (i32.add (local.get $e) (i32.const 1)))
        (br $each))))

  (func (export "tessel_moves") (param $len i32) (result i32)
    (local $cells i32) (local $dirs i32) (local $links i32) (local $board i32)
    (local $owner i32) (local $facing i32) (local $c i32)
    (i32.store (i32.const 65536) (i32.const 0))
    (local.set $cells (call $w (i32.const 1)))
    (local.set $dirs (call $w (i32.const 2)))
    (local.set $owner (call $w (i32.const 7)))
    ;; No attribute given: it faces nowhere and does not move.
    (if (i32.lt_s (call $w (i32.const 8)) (i32.const 1)) (then (return (i32.const 65536))))
    (local.set $facing (call $w (i32.const 9)))
    (local.set $links (i32.add (i32.const 9) (call $w (i32.const 8))))
    (local.set $board (i32.add (local.get $links) (i32.mul (local.get $cells) (local.get $dirs))))
    (global.set $names (i32.add (local.get $board) (i32.mul (local.get $cells) (i32.const 5))))
    (if (i32.or (i32.lt_s (local.get $facing) (i32.const 0)) (i32.ge_s (local.get $facing) (local.get $dirs)))
      (then (return (i32.const 65536))))
    (if (i32.eqz (call $orthogonal (local.get $facing))) (then (return (i32.const 65536))))
    (local.set $c (call $w (i32.const 5)))
    (block $stop
      (loop $slide
        (local.set $c (call $w (i32.add (local.get $links)
          (i32.add (i32.mul (local.get $c) (local.get $dirs)) (local.get $facing)))))
        (br_if $stop (i32.lt_s (local.get $c) (i32.const 0)))
        (if (i32.lt_s (call $w (i32.add (local.get $board) (i32.mul (local.get $c) (i32.const 5)))) (i32.const 0))
          (then (call $land (i32.const 1) (local.get $c) (local.get $dirs)) (br $slide)))
        (if (i32.ne (call $w (i32.add (i32.add (local.get $board) (i32.mul (local.get $c) (i32.const 5))) (i32.const 1)))
                    (local.get $owner))
          (then (call $land (i32.const 2) (local.get $c) (local.get $dirs))))
        (br $stop)))
    (i32.const 65536)))
