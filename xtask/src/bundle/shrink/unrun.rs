//! Functions that never run, their bodies taken out.
//!
//! A debug build of a draft generates every function `main` reaches (`mono`), whatever the
//! input: a library's free function, inherent method or trait default method it does not
//! generate is called by no code that runs, only by code that never runs or by none. Its
//! body becomes `unreachable!()`, its signature stays for the type check of its callers,
//! and what only its body named is then dead to the pruner's walk: num-bigint's division
//! and parsing behind a factorial that multiplies and prints, hashbrown's resizing paths
//! an insertion-ordered count never takes.
//!
//! Left as written: `const fn`s (the compiler may run them while it builds, which a build's
//! symbols do not show), `async` and `extern` functions, functions returning `impl Trait`
//! (a body of `!` gives the opaque type nothing to be), exported symbols, and bodies no
//! longer than the stub.

use super::items::{base, each_item, Aliases};
use crate::bundle::check::asks::{base_of, not_found_on, under_caret};
use crate::bundle::check::mono;
use crate::fast_hash::HashSet;

/// The key of the function `name` of the inherent impl `i` in the module at `path`:
/// `#k::module::impl Type<args>::name`, its type as written, `normal` (nalgebra's one
/// impl per shape in one module: `impl MatrixMN<N,U3,U3>::new`).
fn inherent_key(path: &str, i: &syn::ItemImpl, name: &str) -> String {
    let ty = mono::normal(&quote::ToTokens::to_token_stream(&i.self_ty).to_string());
    format!("{path}::impl {ty}::{name}")
}

/// The stub a body that never runs becomes: parsed once per thread and cloned (every draft
/// of the impls pass stubs the same functions again; parsing the stub each time was 3 % of
/// the tool's time bundling cr_num, `perf record --call-graph=dwarf`).
pub(crate) fn stub_block() -> syn::Block {
    thread_local! {
        static STUB: syn::Block = syn::parse_quote!({ unreachable!() });
    }
    STUB.with(Clone::clone)
}

/// A stubbed function's attributes without the hints for a body it no longer has
/// (`#[inline]`, `#[cold]`, `#[must_use]`): 9 bytes a stub, 2 KiB of nalgebra's 224.
pub(crate) fn without_hints(attrs: &mut Vec<syn::Attribute>) {
    let hints = ["inline", "cold", "must_use"];
    attrs.retain(|a| !hints.iter().any(|h| a.path().is_ident(h)));
}

/// Whether the body of a function so declared may become the stub (see the opening).
fn stubbable(sig: &syn::Signature, attrs: &[syn::Attribute], body: &syn::Block) -> bool {
    let tokens = |t: &dyn quote::ToTokens| t.to_token_stream().to_string();
    let returns_impl = match &sig.output {
        syn::ReturnType::Default => false,
        syn::ReturnType::Type(_, t) => tokens(t).split_whitespace().any(|w| w == "impl"),
    };
    let exported = ["no_mangle", "export_name", "test"];
    sig.constness.is_none()
        && sig.asyncness.is_none()
        && sig.abi.is_none()
        && !returns_impl
        && !attrs
            .iter()
            .any(|a| exported.iter().any(|n| a.path().is_ident(n)))
        && tokens(body).len() > tokens(&stub_block()).len()
}

/// Keys of the libraries' functions a debug build did not generate (`run`), for `stub`:
/// `#k::module::fn name!`, `#k::module::impl Type::name!` (an inherent method),
/// `#k::module::trait Trait::name!` (a default method).
pub fn keys(trees: &[Vec<syn::Item>], run: &mono::Instances) -> HashSet<String> {
    // (trait, method) of the trait methods generated, for the defaults.
    let trait_methods: HashSet<(&str, &str)> = (run.methods.iter())
        .filter_map(|(h, m)| Some((mono::header_parts(h)?.1, m.as_str())))
        .collect();
    let names: HashSet<&str> = run.functions.iter().map(|(_, n)| n.as_str()).collect();
    let ran = |container: &str, name: &str| {
        run.functions
            .contains(&(container.to_string(), name.to_string()))
    };
    // A symbol names the type an alias stands for (`Matrix<..>` for nalgebra's `impl
    // MatrixMN<N, R, C>`): an inherent impl on an alias is read as of that type, and left
    // when the alias stands for no one type.
    let mut aliases = HashSet::default();
    each_item(trees, &mut |_, item| {
        if let syn::Item::Type(t) = item {
            aliases.insert(t.ident.to_string());
        }
    });
    let heads = super::items::Aliases::of(trees);
    let mut out = HashSet::default();
    each_item(trees, &mut |path, item| match item {
        syn::Item::Fn(f) => {
            let name = f.sig.ident.to_string();
            let module = path.rsplit("::").next().unwrap_or(path);
            // A library's root module is named otherwise in the draft: any container.
            let generated = if module.starts_with('#') {
                names.contains(name.as_str())
            } else {
                ran(module, &name)
            };
            if !generated && stubbable(&f.sig, &f.attrs, &f.block) {
                out.insert(format!("{path}::fn {name}!"));
            }
        }
        syn::Item::Impl(i) if i.trait_.is_none() => {
            let Some(ty) = base(&i.self_ty) else {
                return;
            };
            let head = heads.head(&ty);
            if aliases.contains(&ty) && head == ty {
                return;
            }
            // The shape this impl is for, where its type names one (`MatrixMN<N, U3, U3>`):
            // a function generated for another shape is not this one's.
            // Its parameters, const ones too (`impl<const MOD: u32> Mint<MOD>`), are no shape.
            let params: HashSet<String> = (i.generics.type_params().map(|p| &p.ident))
                .chain(i.generics.const_params().map(|p| &p.ident))
                .map(|p| p.to_string())
                .collect();
            let shape = heads.arguments(&i.self_ty, &params);
            // A symbol writes a const argument as `_` (`Mint<_>::new`): it fits any.
            let fits = |generated: &Vec<String>| {
                let Some(shape) = &shape else { return true };
                generated.len() != shape.len()
                    || (shape.iter().zip(generated))
                        .all(|(want, got)| got == "_" || want.as_ref().is_none_or(|w| w == got))
            };
            let generated = |name: &str| {
                let key = (head.clone(), name.to_string());
                ran(&head, name)
                    && run
                        .arguments
                        .get(&key)
                        .is_none_or(|all| all.iter().any(fits))
            };
            for ii in &i.items {
                let syn::ImplItem::Fn(f) = ii else { continue };
                let name = f.sig.ident.to_string();
                if !generated(&name) && stubbable(&f.sig, &f.attrs, &f.block) {
                    out.insert(format!("{}!", inherent_key(path, i, &name)));
                }
            }
        }
        syn::Item::Trait(t) => {
            let tr = t.ident.to_string();
            for ti in &t.items {
                let syn::TraitItem::Fn(f) = ti else { continue };
                let Some(body) = &f.default else { continue };
                let name = f.sig.ident.to_string();
                // A default's symbol is the trait's path (`draft::a::Tr::name`), an
                // override's the impl's (`<X as Tr>::name`).
                let generated =
                    ran(&tr, &name) || trait_methods.contains(&(tr.as_str(), name.as_str()));
                if !generated && stubbable(&f.sig, &f.attrs, body) {
                    out.insert(format!("{path}::trait {tr}::{name}!"));
                }
            }
        }
        _ => {}
    });
    out
}

/// Gives the functions of `item` (in the module at `path`) keyed in `dead` the stub body,
/// or takes them out when keyed without the `!` (`unnamed`). Whether `item` stays: not a
/// function taken out, nor an inherent impl left empty by them.
pub fn stub(item: &mut syn::Item, path: &str, dead: &HashSet<String>) -> bool {
    let is_dead = |key: String| dead.contains(&key);
    match item {
        syn::Item::Fn(f) => {
            let key = format!("{path}::fn {}", f.sig.ident);
            if is_dead(format!("{key}!")) {
                *f.block = stub_block();
                without_hints(&mut f.attrs);
            }
            !is_dead(key)
        }
        syn::Item::Impl(i) if i.trait_.is_none() => {
            if base(&i.self_ty).is_none() {
                return true;
            }
            let prefix = inherent_key(path, i, "");
            let key = |f: &syn::ImplItemFn| format!("{prefix}{}", f.sig.ident);
            let before = i.items.len();
            i.items
                .retain(|ii| !matches!(ii, syn::ImplItem::Fn(f) if is_dead(key(f))));
            for ii in &mut i.items {
                if let syn::ImplItem::Fn(f) = ii {
                    if is_dead(format!("{}!", key(f))) {
                        f.block = stub_block();
                        without_hints(&mut f.attrs);
                    }
                }
            }
            !(i.items.is_empty() && before > 0)
        }
        syn::Item::Trait(t) => {
            let tr = t.ident.to_string();
            for ti in &mut t.items {
                if let syn::TraitItem::Fn(f) = ti {
                    if is_dead(format!("{path}::trait {tr}::{}!", f.sig.ident)) {
                        f.default = Some(stub_block());
                        without_hints(&mut f.attrs);
                    }
                }
            }
            true
        }
        _ => true,
    }
}

/// The `stubs` of free functions and inherent methods as keys that take them out whole
/// (without the `!`): those nothing names compile without them, and what their signatures
/// alone kept is then dead too. `asked_back` says which an attempt needs.
pub fn removals(stubs: &HashSet<String>) -> HashSet<String> {
    (stubs.iter())
        .filter(|k| !k.contains("::trait ") && !k.contains(" as "))
        .filter_map(|k| k.strip_suffix('!').map(str::to_string))
        .collect()
}

/// The `removals` an attempt's `errors` name (``no method named `log2` found``, ``cannot
/// find function `mac3` ``), by the function's name; where the error says on which type a
/// method or an associated function was not found (``no method named `iter` found for
/// reference `&Matrix<N, R, C, S>` ``), those of that type by its head through `aliases`
/// (nalgebra's one `new` asked for kept all 36 `MatrixMN<N, Ri, Cj>::new`), or, if none
/// is, every one of the name.
pub fn asked_back(
    removals: &HashSet<String>,
    errors: &[String],
    aliases: &Aliases,
) -> HashSet<String> {
    let name_of = |k: &str| k.rsplit([':', ' ']).next().unwrap_or_default().to_string();
    let of_name = |n: &str| -> Vec<String> {
        let named = removals.iter().filter(|k| name_of(k) == n);
        named.cloned().collect()
    };
    let mut back = HashSet::default();
    for e in errors {
        let message = e.lines().next().unwrap_or_default();
        let ticks: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
        let names: Vec<&str> = ticks.iter().filter_map(|w| w.rsplit("::").next()).collect();
        match not_found_on(message, &ticks) {
            Some((name, head)) => {
                let all = of_name(name);
                let on: Vec<String> = (all.iter())
                    .filter(|k| type_head(k, aliases).is_none_or(|h| h == head))
                    .cloned()
                    .collect();
                back.extend(if on.is_empty() { all } else { on });
            }
            None => {
                for w in &names {
                    back.extend(of_name(w));
                }
            }
        }
        // An error that names none: the names under its caret (a method taken out, where
        // auto-deref then finds std's unstable one of the name: ``use of unstable library
        // feature `str_as_str` `` under `.as_str()`).
        if !removals
            .iter()
            .any(|k| names.contains(&name_of(k).as_str()))
        {
            for w in under_caret(e) {
                back.extend(of_name(&w));
            }
        }
    }
    back
}

/// The head of the type of an inherent method's key (`#k::m::impl MatrixMN<N,U3,U3>::new`),
/// through `aliases` (`Matrix`); none for a free function's.
fn type_head(key: &str, aliases: &Aliases) -> Option<String> {
    let (prefix, _) = key.rsplit_once("::")?;
    let (_, ty) = prefix.split_once("::impl ")?;
    Some(aliases.head(&base_of(ty)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A library, as a module `lib` of the draft, and a `main` that calls part of it.
    const LIB: &str = r#"
pub fn used() -> u64 { helper(3) + 1 }
fn helper(x: u64) -> u64 { let f = |y: u64| y * 2; f(x) }
pub fn unused(x: u64) -> u64 { x * x + helper(7) }
pub fn tiny() -> u64 { 1 }
pub const fn konst(x: u64) -> u64 { x * x + 1 }
pub fn opaque() -> impl Iterator<Item = u64> { (0..3).map(|x| x * 2) }
pub struct S(pub u64);
impl S { #[inline] pub fn get(&self) -> u64 { self.0 + 1 } #[inline] #[must_use] pub fn never(&self) -> u64 { self.0 * 3 + self.get() } }
pub trait T { fn r(&self) -> u64; fn d(&self) -> u64 { self.r() + 10 } fn e(&self) -> u64 { self.r() + self.d() } }
impl T for S { fn r(&self) -> u64 { self.0 } }
pub mod inner { pub fn deep() -> u64 { 40 + 2 } pub fn deeper() -> u64 { deep() + deep() } }
"#;
    const MAIN: &str = r#"
use lib::T;
const K: u64 = lib::konst(2);
fn main() {
    let s = lib::S(1);
    println!("{} {} {} {} {}", lib::used(), s.get(), s.d(), lib::inner::deep(), K);
}
"#;

    /// The keys `keys` finds for `lib` (a module `lib` of a program with `main`), sorted,
    /// and `lib` with them stubbed, once a debug build of the program with it so stubbed
    /// was shown to build.
    fn stubbed_where_not_generated(lib: &str, main: &str) -> (Vec<String>, String) {
        let dir = tempfile::tempdir().unwrap();
        let program = format!("mod lib {{ {lib} }}\n{main}");
        let run = mono::instantiated(&program, dir.path()).unwrap().unwrap();
        let trees = vec![syn::parse_file(lib).unwrap().items];
        let mut found: Vec<String> = keys(&trees, &run).into_iter().collect();
        found.sort();
        let mut items = trees[0].clone();
        let dead: HashSet<String> = found.iter().cloned().collect();
        items.retain_mut(|item| stub(item, "#0", &dead));
        let stubbed: String = (items.iter())
            .map(|i| quote::ToTokens::to_token_stream(i).to_string() + "\n")
            .collect();
        let again = format!("mod lib {{ {stubbed} }}\n{main}");
        assert!(mono::instantiated(&again, dir.path()).unwrap().is_ok());
        (found, stubbed)
    }

    #[test]
    fn exactly_the_functions_a_debug_build_does_not_generate_lose_their_bodies_and_hints() {
        let program = format!("mod lib {{ {LIB} }}\n{MAIN}");
        let dir = tempfile::tempdir().unwrap();
        let run = mono::instantiated(&program, dir.path()).unwrap().unwrap();
        let trees = vec![syn::parse_file(LIB).unwrap().items];
        let mut found: Vec<String> = keys(&trees, &run).into_iter().collect();
        found.sort();
        // Not `tiny` (no longer than the stub), `konst` (const: run by the compiler for
        // `K`), `opaque` (returns `impl Trait`), nor what `main` reaches: `used`, `helper`
        // (through a closure), `get`, the default `d`, `deep`.
        assert_eq!(
            found,
            [
                "#0::fn unused!",
                "#0::impl S::never!",
                "#0::inner::fn deeper!",
                "#0::trait T::e!"
            ]
        );
        let mut items = trees[0].clone();
        let dead: HashSet<String> = found.into_iter().collect();
        items.retain_mut(|item| stub(item, "#0", &dead));
        let text = quote::ToTokens::to_token_stream(&items[7]).to_string();
        assert_eq!(
            text,
            "impl S { # [inline] pub fn get (& self) -> u64 { self . 0 + 1 } pub fn never (& self) -> u64 { unreachable ! () } }",
            "a stub keeps no hint for the body it lost (`#[inline]`, `#[must_use]`)"
        );
        // The stubbed library still builds, and `main` prints as before.
        let stubbed: String = (items.iter())
            .map(|i| quote::ToTokens::to_token_stream(i).to_string() + "\n")
            .collect();
        let again = format!("mod lib {{ {stubbed} }}\n{MAIN}");
        assert!(mono::instantiated(&again, dir.path()).unwrap().is_ok());
    }

    /// nalgebra writes its constructors in impls of aliases (`impl<N, R, C> MatrixMN<N, R,
    /// C> { pub fn zeros() .. }`), which a symbol names by the type the alias stands for
    /// (`<impl ..::Matrix<N, R, C, ..>>::zeros`): they are read as that type's. Fails
    /// before: an inherent impl on an alias was left whole (nalgebra's `construction`, 63
    /// KB of okaponta's abc189 e).
    #[test]
    fn an_inherent_impl_on_an_alias_is_read_as_of_the_type_it_stands_for() {
        let lib = r#"
pub struct M<T, S>(pub T, pub S);
pub type MN<T> = M<T, Vec<T>>;
impl<T> MN<T> { pub fn get(&self) -> usize { self.1.len() + 1 } pub fn never(&self) -> usize { self.1.len() * 3 + 2 } }
"#;
        let main = "fn main() { let m = lib::M(1u8, vec![2u8]); println!(\"{}\", m.get()); }";
        let (found, stubbed) = stubbed_where_not_generated(lib, main);
        assert_eq!(found, ["#0::impl MN<T>::never!"]);
        assert!(stubbed.contains("fn never (& self) -> usize { unreachable ! () }"));
    }

    /// nalgebra writes one inherent impl per shape (`impl<N> MatrixMN<N, U3, U3> { pub fn
    /// new(m11: N, ..) }`, 36 of them in one module), and a symbol names the shape it was
    /// generated for (`<impl Matrix<N, U3, U3, ..>>::new`): a function of another shape's
    /// impl is not generated, whatever its name. Fails before: one `new` run kept all 36
    /// (nalgebra's `construction`, 55.7 KB of okaponta's abc189 e).
    #[test]
    fn an_inherent_function_of_a_shape_not_generated_loses_its_body_though_another_shapes_ran() {
        let lib = r#"
pub struct M<T, R>(pub T, pub R);
pub struct U2; pub struct U3;
pub type MN<T, R> = M<T, R>;
pub type M3<T> = MN<T, U3>;
impl<T> MN<T, U2> { pub fn new(t: T) -> Self { let r = U2; M(t, r) } }
impl<T> MN<T, U3> { pub fn new(t: T) -> Self { let r = U3; M(t, r) } }
impl<T> M3<T> { pub fn first(self) -> T { let M(t, _) = self; t } }
"#;
        let main = "fn main() { let m = lib::M::<u8, lib::U3>::new(7); println!(\"{}\", m.0); }";
        let (found, stubbed) = stubbed_where_not_generated(lib, main);
        assert_eq!(found, ["#0::impl M3<T>::first!", "#0::impl MN<T,U2>::new!"]);
        assert_eq!(stubbed.matches("unreachable").count(), 2, "{stubbed}");
        assert!(stubbed.contains("let r = U3"), "{stubbed}");
    }

    /// A modint written `impl<const MOD: u32> StaticModInt<MOD> { pub fn new .. }`: a
    /// symbol names it `StaticModInt<_>::new` (legacy mangling prints no const argument),
    /// and `MOD` is the impl's parameter, not a shape. Fails before: `MOD` was read as a
    /// type the symbol had to name, `new` and `pow` became stubs though they run, and the
    /// bundle panicked on every sample (CoCo-Japan-pan's typical90 057, on their library).
    #[test]
    fn an_inherent_function_of_a_const_generic_impl_that_runs_keeps_its_body() {
        let lib = r#"
pub struct Mint<const MOD: u32>(pub u32);
impl<const MOD: u32> Mint<MOD> { pub fn new(x: u64) -> Self { Mint((x % MOD as u64) as u32) } pub fn pow(&self, n: u64) -> Self { let mut r = 1u64; for _ in 0..n { r = r * self.0 as u64 % MOD as u64; } Mint(r as u32) } pub fn never(&self) -> u32 { self.0.wrapping_mul(3) + MOD } }
pub struct Three;
impl Mint<7> { pub fn seven(&self) -> u32 { self.0 + 7 + 7 + 7 } }
"#;
        let main =
            "fn main() { let m = lib::Mint::<998244353>::new(2).pow(10); println!(\"{}\", m.0); }";
        let (found, stubbed) = stubbed_where_not_generated(lib, main);
        assert_eq!(
            found,
            ["#0::impl Mint<7>::seven!", "#0::impl Mint<MOD>::never!"]
        );
        assert_eq!(stubbed.matches("unreachable").count(), 2, "{stubbed}");
    }

    #[test]
    fn stubs_go_whole_unless_an_error_names_them() {
        let stubs: HashSet<String> = [
            "#0::fn unused!",
            "#0::impl S::never!",
            "#0::inner::fn deeper!",
            "#0::trait T::e!",
            "#0::impl S as T::r!",
        ]
        .iter()
        .map(|k| k.to_string())
        .collect();
        let mut out: Vec<String> = removals(&stubs).into_iter().collect();
        out.sort();
        // A trait's default or an impl's method cannot leave its trait's shape: stubs stay.
        assert_eq!(
            out,
            ["#0::fn unused", "#0::impl S::never", "#0::inner::fn deeper"]
        );
        let errors = [
            "error[E0599]: no method named `never` found for struct `S` in the current scope\n  --> a.rs:1:1".to_string(),
            "error[E0432]: unresolved import `crate::lib::inner::deeper`".to_string(),
        ];
        let aliases = Aliases::of(&[]);
        let mut back: Vec<String> = asked_back(&out.into_iter().collect(), &errors, &aliases)
            .into_iter()
            .collect();
        back.sort();
        assert_eq!(back, ["#0::impl S::never", "#0::inner::fn deeper"]);
    }

    /// A method taken out whole where auto-deref then finds std's unstable one of the name
    /// gives an error naming only the feature (``use of unstable library feature
    /// `str_as_str` ``): the stub of the name under its caret comes back. Fails before: the
    /// error named none, and every stub stayed (nalgebra's abc189 e: 320 stubs, not 261).
    #[test]
    fn an_error_naming_no_stub_asks_back_the_stub_named_under_its_caret() {
        let source = r#"
pub struct W(pub String);
impl std::ops::Deref for W { type Target = str; fn deref(&self) -> &str { &self.0 } }
pub fn shown(w: &W) -> &str { w.as_str() }
fn main() { println!("{}", shown(&W("a".into()))); }
"#;
        let stubs: HashSet<String> = ["#0::impl W::as_str", "#0::impl V::other"]
            .iter()
            .map(|k| k.to_string())
            .collect();
        let dir = tempfile::tempdir().unwrap();
        let errors = crate::bundle::check::oracle::errors(source, dir.path()).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("unstable library feature"), "{errors:?}");
        let back: Vec<String> = asked_back(&stubs, &errors, &Aliases::of(&[]))
            .into_iter()
            .collect();
        assert_eq!(back, ["#0::impl W::as_str"]);
    }

    /// An error that says on which type a method was not found asks back the stubs of that
    /// type's method, through aliases, not every stub of the name; when none of that type
    /// is out (the method comes through a `Deref`), every one of the name. Fails before:
    /// nalgebra's one `new` asked for kept the signatures of all 36 (okaponta's abc189 e).
    #[test]
    fn a_method_not_found_on_a_type_asks_back_that_types_stub_not_every_one_of_its_name() {
        let lib = r#"
pub struct M<T, R>(pub T, pub R);
pub struct U2; pub struct U3;
pub type MN<T, R> = M<T, R>;
impl<T> MN<T, U2> { pub fn new(t: T) -> Self { let r = U2; M(t, r) } }
impl<T> MN<T, U3> { pub fn new(t: T) -> Self { let r = U3; M(t, r) } }
pub struct Other;
impl Other { pub fn new() -> Other { let o = Other; o } }
pub fn make<T>(t: T) -> M<T, U3> { M::<T, U3>::new(t) }
"#;
        let main = "fn main() { println!(\"{}\", lib::make(7u8).0); }";
        let trees = vec![syn::parse_file(lib).unwrap().items];
        let aliases = Aliases::of(&trees);
        let stubs: HashSet<String> = [
            "#0::impl MN<T,U2>::new",
            "#0::impl MN<T,U3>::new",
            "#0::impl Other::new",
        ]
        .iter()
        .map(|k| k.to_string())
        .collect();
        // The draft without `MN<T, U3>::new` (the one `make` calls) and `Other::new`.
        let draft = format!("{main}\nmod lib {{ {lib} }}")
            .replace(
                "impl<T> MN<T, U3> { pub fn new(t: T) -> Self { let r = U3; M(t, r) } }",
                "",
            )
            .replace(
                "impl Other { pub fn new() -> Other { let o = Other; o } }",
                "",
            );
        let dir = tempfile::tempdir().unwrap();
        let errors = crate::bundle::check::oracle::errors(&draft, dir.path()).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains("no function or associated item named `new`"),
            "{errors:?}"
        );
        let mut back: Vec<String> = asked_back(&stubs, &errors, &aliases).into_iter().collect();
        back.sort();
        // `M`'s two (rustc names `M<T, U3>`; the key's `MN` stands for `M`), not `Other`'s.
        assert_eq!(back, ["#0::impl MN<T,U2>::new", "#0::impl MN<T,U3>::new"]);
        // A type none of whose stubs is out: every one of the name.
        let other_only = [
            "error[E0599]: no method named `new` found for struct `Elsewhere` in the current scope"
                .to_string(),
        ];
        assert_eq!(asked_back(&stubs, &other_only, &aliases).len(), 3);
    }
}
