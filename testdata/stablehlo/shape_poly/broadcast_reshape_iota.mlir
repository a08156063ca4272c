module @jit_call attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xf32>) -> (tensor<15xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<5xf32>) -> tensor<?xf32>
    %1 = call @call_exported_broadcast_reshape_iota(%0) : (tensor<?xf32>) -> tensor<?xf32>
    %2 = stablehlo.convert %1 : (tensor<?xf32>) -> tensor<15xf32>
    return %2 : tensor<15xf32>
  }
  func.func private @call_exported_broadcast_reshape_iota(%arg0: tensor<?xf32>) -> (tensor<?xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b,). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/501/shape-polymorphism.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %2 = call @_wrapped_jax_export_main(%0, %arg0) : (tensor<i32>, tensor<?xf32>) -> tensor<?xf32>
    return %2 : tensor<?xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?xf32>) -> (tensor<?xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %c = stablehlo.constant dense<3> : tensor<1xi32>
    %c_1 = stablehlo.constant dense<3> : tensor<i32>
    %c_2 = stablehlo.constant dense<1> : tensor<1xi32>
    %0 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %1 = stablehlo.concatenate %0, %c_2, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %2 = stablehlo.dynamic_broadcast_in_dim %arg1, %1, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
    %3 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %4 = stablehlo.concatenate %3, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %5 = stablehlo.dynamic_broadcast_in_dim %2, %4, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x3xf32>
    %6 = stablehlo.convert %arg0 : tensor<i32>
    %7 = stablehlo.multiply %6, %c_1 : tensor<i32>
    %8 = stablehlo.reshape %7 : (tensor<i32>) -> tensor<1xi32>
    %9 = stablehlo.dynamic_reshape %5, %8 : (tensor<?x3xf32>, tensor<1xi32>) -> tensor<?xf32>
    %10 = stablehlo.convert %arg0 : tensor<i32>
    %11 = stablehlo.multiply %10, %c_1 : tensor<i32>
    %12 = stablehlo.reshape %11 : (tensor<i32>) -> tensor<1xi32>
    %13 = stablehlo.dynamic_iota %12, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
    %14 = stablehlo.convert %arg0 : tensor<i32>
    %15 = stablehlo.multiply %14, %c_1 : tensor<i32>
    %16 = stablehlo.reshape %15 : (tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.dynamic_broadcast_in_dim %cst_0, %16, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
    %18 = stablehlo.multiply %17, %13 : tensor<?xf32>
    %19 = stablehlo.convert %arg0 : tensor<i32>
    %20 = stablehlo.multiply %19, %c_1 : tensor<i32>
    %21 = stablehlo.reshape %20 : (tensor<i32>) -> tensor<1xi32>
    %22 = stablehlo.dynamic_broadcast_in_dim %cst, %21, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
    %23 = stablehlo.add %22, %18 : tensor<?xf32>
    %24 = stablehlo.add %9, %23 : tensor<?xf32>
    return %24 : tensor<?xf32>
  }
}
