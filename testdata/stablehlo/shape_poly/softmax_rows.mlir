module @jit_call attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<15xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<3x4xf32>) -> tensor<?x4xf32>
    %1 = call @call_exported_softmax_rows(%0) : (tensor<?x4xf32>) -> tensor<?xf32>
    %2 = stablehlo.convert %1 : (tensor<?xf32>) -> tensor<15xf32>
    return %2 : tensor<15xf32>
  }
  func.func private @call_exported_softmax_rows(%arg0: tensor<?x4xf32>) -> (tensor<?xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 4). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/501/shape-polymorphism.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %2 = call @_wrapped_jax_export_main(%0, %arg0) : (tensor<i32>, tensor<?x4xf32>) -> tensor<?xf32>
    return %2 : tensor<?xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4xf32>) -> (tensor<?xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<5> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c_0 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_1 = stablehlo.constant dense<1> : tensor<1xi32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg1 init: %cst_2) applies stablehlo.maximum across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.dynamic_broadcast_in_dim %cst_2, %1, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
    %3 = stablehlo.maximum %2, %0 : tensor<?xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.concatenate %4, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %3, %5, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
    %7 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %8 = stablehlo.concatenate %7, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %9 = stablehlo.dynamic_broadcast_in_dim %6, %8, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %10 = stablehlo.subtract %arg1, %9 : tensor<?x4xf32>
    %11 = stablehlo.exponential %10 : tensor<?x4xf32>
    %12 = stablehlo.reduce(%11 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
    %13 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %14 = stablehlo.concatenate %13, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %15 = stablehlo.dynamic_broadcast_in_dim %12, %14, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
    %16 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.concatenate %16, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %18 = stablehlo.dynamic_broadcast_in_dim %15, %17, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %19 = stablehlo.divide %11, %18 : tensor<?x4xf32>
    %20 = stablehlo.iota dim = 0 : tensor<4xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %22 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %23 = stablehlo.concatenate %22, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %24 = stablehlo.dynamic_broadcast_in_dim %21, %23, dims = [0, 1] : (tensor<1x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %25 = stablehlo.multiply %19, %24 : tensor<?x4xf32>
    %26 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %27 = stablehlo.concatenate %26, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %28 = stablehlo.dynamic_broadcast_in_dim %cst, %27, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x1xf32>
    %29 = stablehlo.concatenate %25, %28, dim = 1 : (tensor<?x4xf32>, tensor<?x1xf32>) -> tensor<?x5xf32>
    %30 = stablehlo.convert %arg0 : tensor<i32>
    %31 = stablehlo.multiply %30, %c : tensor<i32>
    %32 = stablehlo.reshape %31 : (tensor<i32>) -> tensor<1xi32>
    %33 = stablehlo.dynamic_reshape %29, %32 : (tensor<?x5xf32>, tensor<1xi32>) -> tensor<?xf32>
    return %33 : tensor<?xf32>
  }
}
